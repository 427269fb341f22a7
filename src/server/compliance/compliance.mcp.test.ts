import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlendProject } from '#shared/api/blends.ts'
import type { ComplianceAnswer } from '#shared/api/compliance.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, oilsByName, versionBody } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }
const text = (result: ToolResult) => result.content.map((c) => c.text ?? '').join('\n')

/** The assistant's propose_compliant_version (journal:read) and save_compliant_version (journal:write). */
describe.each(ENGINES)('make it compliant through the MCP server on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser, base: string
  const tokens = new TestMcpTokens()
  const clients: Client[] = []
  const connect = async (scopes?: string[]) => {
    const c = await connectMcp(base, tokens.issue(user.userId, scopes ? { scopes: scopes as never } : undefined))
    clients.push(c)
    return c
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolResult

  beforeAll(async () => {
    t = await createTestApp(engine, { MCP_RATE_LIMIT_PER_MINUTE: '10000' }, {}, undefined, { mcpAuthenticator: tokens.authenticate })
    oils = await oilsByName(t)
    user = await createUser(t)
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
    await t?.close()
  })

  async function overLimit() {
    const blend = await createBlend(t, user, blendBody(oils, { name: `Assistant ${Math.random()}` }))
    const res = await injectAs(t, user, 'POST', '/api/blend-versions', versionBody(oils, blend.id))
    expect(res.statusCode).toBe(201)
    return { blendId: blend.id, versionId: res.json().id as number }
  }
  const letters = async (blendId: number) =>
    ((await injectAs(t, user, 'GET', '/api/blend-projects')).json() as BlendProject[])
      .find((p) => p.id === blendId)!
      .versions.map((v) => v.versionLetter)

  it('reads IFRA certificates for the proposal only with shelf:read: without it, the weight is set aside and IFRA is said unchecked', async () => {
    const { blendId, versionId } = await overLimit()
    const args = { blendId, versionId, productType: 'lotion', productPercentage: 3, weight: 100, unit: 'g' }
    const reader = await connect(['journal:read'])
    const blind = (await call(reader, 'propose_compliant_version', args)).structuredContent as ComplianceAnswer
    expect(blind.notChecked.join(' ')).toContain('IFRA limits: not checked')
    const shelfReader = await connect(['journal:read', 'shelf:read'])
    const seeing = (await call(shelfReader, 'propose_compliant_version', args)).structuredContent as ComplianceAnswer
    // No bottle on the shelf, so no certificate: IFRA is said unchecked, not met, and no oil is frozen for it.
    expect(seeing.notChecked.join(' ')).toContain('no IFRA certificate on file')
    expect(seeing.unknown.filter((u) => u.kind === 'ifra')).toEqual([])
    expect(seeing.outcome).toBe('proposal')
  })

  it('propose_compliant_version answers the proposal with read access and records nothing', async () => {
    const reader = await connect(['journal:read'])
    const { blendId, versionId } = await overLimit()
    const result = await call(reader, 'propose_compliant_version', { blendId, versionId, productType: 'lotion', productPercentage: 3 })
    expect(result.isError, text(result)).toBeFalsy()
    const answer = result.structuredContent as ComplianceAnswer
    expect(answer.outcome).toBe('proposal')
    if (answer.outcome !== 'proposal') return
    expect(answer.proposed.topOils.map((o) => o.percentage)).toEqual([13.33, 16.67])
    expect(text(result)).toContain('proposal')
    expect(await letters(blendId)).toEqual(['a', 'b'])
    // Without journal:write it cannot save.
    const refused = await call(reader, 'save_compliant_version', {
      blendId,
      versionId,
      productType: 'lotion',
      productPercentage: 3,
      idempotencyKey: crypto.randomUUID(),
    })
    expect(refused.isError).toBe(true)
    expect(text(refused)).toContain('"journal:write"')
    expect(await letters(blendId)).toEqual(['a', 'b'])
  })

  it('save_compliant_version saves the proposal as the next version once per key, and refuses when there is nothing to save', async () => {
    const writer = await connect(['journal:read', 'journal:write'])
    const { blendId, versionId } = await overLimit()
    const args = { blendId, versionId, productType: 'lotion', productPercentage: 3, idempotencyKey: crypto.randomUUID() }
    const first = await call(writer, 'save_compliant_version', args)
    expect(first.isError, text(first)).toBeFalsy()
    expect(first.structuredContent).toMatchObject({ outcome: 'versioned', blendId, versionLetter: 'c' })
    const again = await call(writer, 'save_compliant_version', args)
    expect(again.structuredContent).toEqual(first.structuredContent)
    expect(text(again)).toContain('nothing new was saved')
    expect(await letters(blendId)).toEqual(['a', 'b', 'c'])
    const saved = ((await injectAs(t, user, 'GET', '/api/blend-projects')).json() as BlendProject[])
      .find((p) => p.id === blendId)!
      .versions.at(-1)!
    expect(saved.topOils.map((o) => o.percentage)).toEqual([13.33, 16.67])
    // Already within at 1%: a tool error with the reason, and nothing saved.
    const within = await call(writer, 'save_compliant_version', { ...args, productPercentage: 1, idempotencyKey: crypto.randomUUID() })
    expect(within.isError).toBe(true)
    expect(text(within)).toContain('within every limit')
    expect(await letters(blendId)).toEqual(['a', 'b', 'c'])
  })
})
