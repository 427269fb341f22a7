import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalculateBatchAnswer } from '#shared/api/mcp-tools.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Bottle } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** The assistant's calculate_batch carries the IFRA check when it may read the shelf (decision 070). */
describe.each(ENGINES)('calculate_batch’s IFRA check on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  let base: string
  const tokens = new TestMcpTokens()
  const clients: Client[] = []
  useTestApp(engine, (ctx) => ({ t, oils } = ctx), { MCP_RATE_LIMIT_PER_MINUTE: '10000' }, { mcpAuthenticator: tokens.authenticate })
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
  })

  const calculate = async (client: Client, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: 'calculate_batch', arguments: args })) as {
      isError?: boolean
      structuredContent: CalculateBatchAnswer
      content: { text?: string }[]
    }
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
    return result
  }

  it('names the maximum % of the blend and the limiting oil with shelf:read, and carries nothing without it', async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: 'IFRA lotion' }))
    for (const [oil, limit] of [
      ['Bergamot', 0.3],
      ['Lavender', 0.61],
    ] as const) {
      const bottle = (
        await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 50 })
      ).json() as Bottle
      const put = await injectAs(t, user, 'PUT', `/api/shelf/bottles/${bottle.id}/ifra-certificate`, {
        amendment: '51st',
        limits: [{ category: '5A', limit }],
      })
      expect(put.statusCode, put.body).toBe(200)
    }
    const reader = await connectMcp(base, tokens.issue(user.userId))
    clients.push(reader)
    const args = { blendId: blend.id, weight: 500, unit: 'g', oilPercentage: 2, productType: 'lotion' }
    const answer = await calculate(reader, args)
    expect(answer.structuredContent.ifra).toMatchObject({
      category: '5A',
      maxBlendPercent: 1,
      limitingOil: { oilName: 'Bergamot', limit: 0.3 },
      status: 'over',
      complete: false,
    })
    // Atlas Cedarwood: no bottle, so unknown, never unrestricted.
    expect(answer.structuredContent.ifra!.oils.find((o) => o.oilName === 'Atlas Cedarwood')).toMatchObject({
      maxProductPercent: 'unknown',
      reasons: ['not-on-shelf'],
    })
    expect(answer.content.map((c) => c.text).join(' ')).toContain(
      'IFRA category 5A: at most 1% of the blend (Bergamot limits), over the limit.',
    )

    const blind = await connectMcp(base, tokens.issue(user.userId, { scopes: ['journal:read'] }))
    clients.push(blind)
    expect((await calculate(blind, args)).structuredContent.ifra).toBeNull()
  })
})
