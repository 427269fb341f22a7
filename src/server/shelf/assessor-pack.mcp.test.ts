import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssessorPack } from '#shared/api/assessor-pack.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, Bottle } from '#shared/api/shelf.ts'
import { blendBody, createBlend, oilsByName } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }
const text = (result: ToolResult) => result.content.map((c) => c.text ?? '').join('\n')
/** The pack without the moments it was drawn up (generatedAt, the label's and IFRA check's): the only parts two calls may differ in. */
const MOMENTS = new Set(['generatedAt', 'checkedAt', 'computedAt'])
const timeless = (pack: AssessorPack): unknown =>
  JSON.parse(JSON.stringify(pack, (key, value: unknown) => (MOMENTS.has(key) ? undefined : value)))

/** The assistant's assessor_pack (shelf:read; decision 086): the same answer and refusals as POST /api/assessor-pack. */
describe.each(ENGINES)('the assessor pack through the MCP server on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser, other: TestUser, base: string
  const tokens = new TestMcpTokens()
  const clients: Client[] = []
  const connect = async (who: TestUser, scopes?: string[]) => {
    const c = await connectMcp(base, tokens.issue(who.userId, scopes ? { scopes: scopes as never } : undefined))
    clients.push(c)
    return c
  }
  const call = async (client: Client, args: Record<string, unknown>) =>
    (await client.callTool({ name: 'assessor_pack', arguments: args })) as ToolResult

  beforeAll(async () => {
    t = await createTestApp(engine, { MCP_RATE_LIMIT_PER_MINUTE: '10000' }, {}, undefined, { mcpAuthenticator: tokens.authenticate })
    oils = await oilsByName(t)
    user = await createUser(t)
    other = await createUser(t)
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
    await t?.close()
  })

  /** A lotion of the maker's with a batch that drew from a lot with a lot code. */
  async function lotion(who: TestUser) {
    const blend = await createBlend(t, who, blendBody(oils, { name: `Pack ${Math.random()}` }))
    const bottle = await injectAs(t, who, 'POST', '/api/shelf/bottles', {
      oilId: oils.Lavender!.id,
      unit: 'mL',
      size: 100,
      lotCode: 'LAV-MCP',
    })
    expect(bottle.statusCode, bottle.body).toBe(201)
    const batch = await injectAs(t, who, 'POST', `/api/blends/${blend.id}/batches`, {
      versionId: blend.version.id,
      madeOn: '2026-11-20',
      productType: 'lotion',
      weight: 500,
      unit: 'g',
      oilPercentage: 2,
    })
    expect(batch.statusCode, batch.body).toBe(201)
    return { versionId: blend.version.id, bottle: bottle.json() as Bottle, batch: batch.json() as Batch }
  }

  it('answers what the route answers, from the same code, and records nothing', async () => {
    const { versionId, batch } = await lotion(user)
    const args = { versionIds: [versionId], productType: 'lotion', oilPercentage: 2 }
    const route = await injectAs(t, user, 'POST', '/api/assessor-pack', args)
    expect(route.statusCode, route.body).toBe(200)
    const result = await call(await connect(user, ['shelf:read']), args)
    expect(result.isError, text(result)).toBeFalsy()
    const fromTool = result.structuredContent as AssessorPack
    expect(timeless(fromTool)).toEqual(timeless(route.json() as AssessorPack))
    expect(fromTool.variants[0]!.batches.map((b) => b.code)).toEqual([batch.code])
    expect(fromTool.variants[0]!.batches[0]!.lots.map((l) => l.lotCode)).toEqual(['LAV-MCP'])
    // Each batch's full record travels too, as trace_batch and the batch page read it (decision 091).
    expect(fromTool.variants[0]!.batches[0]!.record).toMatchObject({
      batch: { id: batch.id, code: batch.code, weight: 500 },
      lots: [expect.objectContaining({ lot: expect.objectContaining({ lotCode: 'LAV-MCP' }) })],
    })
    expect(fromTool.variants[0]).toMatchObject({ batchCount: 1, moreBatches: false })
    // The short text is Accord's words: the product, the reference and the notice, never the blend's name.
    expect(text(result)).toContain('Assessor pack for Lotion / cream at 2% (leave-on)')
    expect(text(result)).toContain('1 batch with its batch record')
    expect(text(result)).toContain('not a safety report')
    expect(text(result)).not.toContain('Pack ')
  })

  it('refuses a home product as the route does: NOT_A_COSMETIC, in the same words', async () => {
    const { versionId } = await lotion(user)
    const args = { versionIds: [versionId], productType: 'candles', oilPercentage: 8 }
    const route = await injectAs(t, user, 'POST', '/api/assessor-pack', args)
    expect(route.statusCode).toBe(422)
    const routeError = (route.json() as { error: { code: string; message: string } }).error
    expect(routeError.code).toBe('NOT_A_COSMETIC')
    const result = await call(await connect(user), args)
    expect(result.isError).toBe(true)
    expect(text(result)).toContain(routeError.message)
    expect(result.structuredContent).toBeUndefined()
  })

  it('answers another maker’s version as not found, as the route does, and shows nothing of it', async () => {
    const { versionId } = await lotion(other)
    const args = { versionIds: [versionId], productType: 'lotion', oilPercentage: 2 }
    expect((await injectAs(t, user, 'POST', '/api/assessor-pack', args)).statusCode).toBe(404)
    const result = await call(await connect(user), args)
    expect(result.isError).toBe(true)
    expect(text(result)).toMatch(/not one of your blends/i)
    expect(text(result)).not.toContain('LAV-MCP')
    expect(result.structuredContent).toBeUndefined()
  })

  it('needs shelf:read: an assistant with journal access only is refused', async () => {
    const { versionId } = await lotion(user)
    const result = await call(await connect(user, ['journal:read']), { versionIds: [versionId], productType: 'lotion', oilPercentage: 2 })
    expect(result.isError).toBe(true)
    expect(text(result)).toMatch(/shelf:read/)
  })
})
