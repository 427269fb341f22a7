import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedJournal } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/**
 * Tool-call latency at 20 concurrent assistants (docs/quality.md, "MCP tool calls"): the app in this
 * process, listening on 127.0.0.1, each assistant the SDK's own client over real HTTP, acting for
 * one maker with 1,000 blends and a shelf. Wall time per call as the client sees it, p50 and p99.
 * The budget is loose (a 2-core machine shared with other work); the figures are what matters.
 */
const CLIENTS = 20
const CALLS_PER_CLIENT = 25
const WARM_UP_CALLS = 3
const BLENDS = 1_000
const P99_BUDGET_MS = 3_000

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

describe.each(ENGINES)('MCP tool calls at 20 concurrent clients on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let blendId: number
  const clients: Client[] = []
  const tokens = new TestMcpTokens()

  beforeAll(async () => {
    t = await createTestApp(engine, { MCP_RATE_LIMIT_PER_MINUTE: '100000' }, {}, undefined, { mcpAuthenticator: tokens.authenticate })
    user = await createUser(t)
    const ids = await seedJournal(
      t.db,
      user.userId,
      Array.from({ length: BLENDS }, (_, i) => ({ name: `Blend ${i + 1}`, tests: 2 })),
    )
    blendId = ids[BLENDS / 2]!
    const oils = (await t.app.inject({ method: 'GET', url: '/api/essential-oils' })).json() as { id: number; name: string }[]
    for (const name of ['Bergamot', 'Lavender']) {
      const oil = oils.find((o) => o.name === name)!
      expect((await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oil.id, unit: 'mL', size: 30, price: 12 })).statusCode).toBe(
        201,
      )
    }
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
    for (let i = 0; i < CLIENTS; i++) clients.push(await connectMcp(base, tokens.issue(user.userId, { clientId: `bench-${i}` })))
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await t?.close()
  })

  async function measure(name: string, args: (i: number) => Record<string, unknown>) {
    const times: number[] = []
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = 0; i < WARM_UP_CALLS + CALLS_PER_CLIENT; i++) {
          const start = performance.now()
          const result = (await client.callTool({ name, arguments: args(c * CALLS_PER_CLIENT + i) })) as { isError?: boolean }
          const ms = performance.now() - start
          expect(result.isError, name).toBeFalsy()
          if (i >= WARM_UP_CALLS) times.push(ms)
        }
      }),
    )
    times.sort((a, b) => a - b)
    const [p50, p99] = [percentile(times, 50), percentile(times, 99)]
    console.info(`${engine} ${name}: ${times.length} calls at ${CLIENTS} clients, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`)
    return { p50, p99 }
  }

  it('search_blends', async () => {
    const queries = ['', 'lavender', 'blend 5', 'vetiver', 'blend 99']
    const { p99 } = await measure('search_blends', (i) => ({ query: queries[i % queries.length], status: i % 2 ? 'tested' : 'all' }))
    expect(p99).toBeLessThan(P99_BUDGET_MS)
  })

  it('calculate_batch', async () => {
    const { p99 } = await measure('calculate_batch', (i) => ({
      blendId,
      weight: 100 + i,
      unit: 'g',
      oilPercentage: 2,
      productType: 'lotion',
    }))
    expect(p99).toBeLessThan(P99_BUDGET_MS)
  })
})
