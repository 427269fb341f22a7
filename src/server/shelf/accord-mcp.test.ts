import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalculateBatchAnswer } from '#shared/api/mcp-tools.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch } from '#shared/api/shelf.ts'
import { putAccordInLayer } from '#tests/support/accord-fixtures.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * The assistant's calculate_batch takes the same per-accord choice as "Mark as made" (decision 074)
 * and answers the same accord amounts, shortfall and cost the route records; the safety checks read
 * the flattened composition whichever way the accord is weighed.
 */
describe.each(ENGINES)('calculate_batch with an accord on %s', (engine) => {
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
  const connect = async (userId: string) => {
    const c = await connectMcp(base, tokens.issue(userId))
    clients.push(c)
    return c
  }
  const calculate = async (client: Client, args: Record<string, unknown>) =>
    (await client.callTool({ name: 'calculate_batch', arguments: args })) as {
      isError?: boolean
      structuredContent: CalculateBatchAnswer
      content: { text?: string }[]
    }

  it('answers what "Mark as made" records for an accord weighed as a batch, and checks safety on the flattened oils', async () => {
    const user = await createUser(t)
    expect((await injectAs(t, user, 'PUT', '/api/me/settings', { currency: 'EUR' })).statusCode).toBe(200)
    for (const oil of ['Bergamot', 'Lavender', 'Atlas Cedarwood', 'Lemon'])
      expect(
        (await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 100, price: 12 })).statusCode,
      ).toBe(201)
    const accord = await createBlend(t, user, blendBody(oils, { name: 'Citrus Dawn' }))
    const host = await createBlend(t, user, blendBody(oils, { name: 'Evening Calm', topNote: oils.Lemon!.id }))
    await putAccordInLayer(t.db, host.version, { versionId: accord.version.id, blendName: 'Citrus Dawn' }, 'middle_oils', 50)
    const neat = await injectAs(t, user, 'POST', `/api/blends/${accord.id}/batches`, {
      madeOn: '2026-11-01',
      productType: 'neat-accord',
      weight: 3,
      unit: 'g',
      oilPercentage: 100,
    })
    expect(neat.statusCode, neat.body).toBe(201)

    const client = await connect(user.userId)
    const args = { blendId: host.id, weight: 100, unit: 'g', oilPercentage: 10, productType: 'lotion' }
    const weighed = await calculate(client, { ...args, accords: [{ versionId: accord.version.id, weigh: 'batch' }] })
    expect(weighed.isError, JSON.stringify(weighed.content)).toBeFalsy()
    const answer = weighed.structuredContent
    // Bergamot is only in the accord: still listed, and still flagged phototoxic in a lotion.
    expect([...new Set(answer.oils.map((o) => o.name))].sort()).toEqual(['Atlas Cedarwood', 'Bergamot', 'Lavender', 'Lemon'])
    expect(answer.safety?.warnings).toContainEqual(expect.objectContaining({ kind: 'phototoxic', oil: 'Bergamot' }))

    const made = await injectAs(t, user, 'POST', `/api/blends/${host.id}/batches`, {
      weight: 100,
      unit: 'g',
      oilPercentage: 10,
      productType: 'lotion',
      madeOn: '2026-11-20',
      accords: [{ versionId: accord.version.id, weigh: 'batch' }],
    })
    expect(made.statusCode, made.body).toBe(201)
    const batch = made.json() as Batch
    const recorded = batch.accords![0]!
    expect(answer.accords).toEqual([
      {
        versionId: accord.version.id,
        name: 'Citrus Dawn',
        referenceNumber: accord.version.referenceNumber,
        weigh: 'batch',
        grams: recorded.grams,
        shortGrams: recorded.shortGrams,
        cost: expect.any(Number),
      },
    ])
    expect(recorded.shortGrams).toBe(2)
    expect(answer.cost!.totalCost).toBeCloseTo(batch.totalCost!, 2)

    // Weighed as its oils (the default), the same oils and the same safety.
    const asOils = (await calculate(client, args)).structuredContent
    expect(asOils.accords[0]).toMatchObject({ weigh: 'oils', grams: 5, shortGrams: null, cost: null })
    expect(asOils.oils).toEqual(answer.oils)
    expect(asOils.safety).toEqual(answer.safety)

    const refused = await calculate(client, { ...args, accords: [{ versionId: host.version.id, weigh: 'batch' }] })
    expect(refused.isError).toBe(true)
    expect(refused.content.map((c) => c.text).join('')).toContain(`This version holds no accord with version id ${host.version.id}`)
  })
})
