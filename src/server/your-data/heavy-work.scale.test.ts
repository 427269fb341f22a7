import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedJournal } from '#tests/support/blend-fixtures.ts'
import { IMPORT_MAX_BYTES } from '#shared/api/import-limits.ts'
import { bearer, createTestApp, createUser, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

const ROWS = 100_000
/** Decision 041's target: health and other users' requests stay under this at the 99th percentile. */
const P99_BUDGET_MS = 50

const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))]!
const p99 = (samples: number[]) => quantile(samples, 0.99)

/**
 * While `work` runs, the probes are sent in turn every 5 ms (the next once the last is answered);
 * answers each probe's latencies. On the code before decision 041 an import of 100,000 rows held
 * the event loop for 2.3 s and the health check waited for it.
 */
async function latenciesDuring(work: Promise<unknown>, ...probes: (() => Promise<{ statusCode: number; body: string }>)[]) {
  const samples = probes.map((): number[] => [])
  // A running server has answered these before: the first answers compile code and statements.
  for (let i = 0; i < 5; i++) for (const probe of probes) await probe()
  let done = false
  void work.finally(() => {
    done = true
  })
  for (let i = 0; !done; i++) {
    const start = performance.now()
    const res = await probes[i % probes.length]!()
    samples[i % probes.length]!.push(performance.now() - start)
    expect(res.statusCode, res.body).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await work
  return samples
}

describe('one account importing and exporting 100,000 blends (SQLite)', () => {
  let t: TestAppHandle
  let maker: TestUser
  let neighbour: TestUser
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    maker = await createUser(t)
    neighbour = await createUser(t)
  })
  afterAll(async () => t.close())

  it("keeps the health check within 50 ms (p99), and another user's blend list out of the way, during an import of 100,000 rows", async () => {
    const csv = [
      'Name,Top,Top %,Middle,Middle %,Base,Base %,Notes',
      ...Array.from({ length: ROWS }, (_, i) => `Blend ${i},Bergamot,30,Lavender,50,Vetiver,20,Notes ${i}`),
    ].join('\n')
    let status = 0
    const work = new Promise((resolve) => setTimeout(resolve, 50))
      .then(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/import/csv',
          headers: { ...bearer(maker.token), 'content-type': 'text/csv' },
          payload: csv,
        }),
      )
      .then((res) => {
        status = res.statusCode
      })
    const [health, list] = await latenciesDuring(
      work,
      () => t.app.inject({ method: 'GET', url: '/api/health' }),
      // A database read: on SQLite it goes through the reader connection, not behind the import's transaction.
      () => t.app.inject({ method: 'GET', url: '/api/blends', headers: bearer(neighbour.token) }),
    )
    expect(status).toBe(201)
    // The import took long enough to be probed many times.
    expect(health!.length).toBeGreaterThan(50)
    expect(p99(health!)).toBeLessThan(P99_BUDGET_MS)
    // The list also allocates, so a garbage collection of the import's plan (50-70 ms on this
    // machine) lands in some of its answers: its median is held to the budget, and its slowest
    // answer to well under the import's write transaction, which it waited for before (2.5 s).
    expect(quantile(list!, 0.5)).toBeLessThan(P99_BUDGET_MS)
    expect(Math.max(...list!)).toBeLessThan(1_000)
  }, 120_000)

  it("keeps another user's catalog within 50 ms (p99) while the maker asks for five exports of those 100,000 blends", async () => {
    const exports = Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/export', headers: bearer(maker.token) })),
    )
    const [samples] = await latenciesDuring(exports, () =>
      t.app.inject({ method: 'GET', url: '/api/essential-oils', headers: bearer(neighbour.token) }),
    )
    // Two run; the other three are told to come back (decision 041).
    expect((await exports).map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429])
    expect(samples!.length).toBeGreaterThan(50)
    expect(p99(samples!)).toBeLessThan(P99_BUDGET_MS)
  }, 120_000)

  it('keeps the health check within 50 ms (p99) during the preview of a 19 MB JSON export', async () => {
    const exporter = await createUser(t)
    await seedJournal(
      t.db,
      exporter.userId,
      Array.from({ length: 12_500 }, (_, i) => ({ name: `Blend ${i} with a longer name`, tests: 2 })),
    )
    const file = (await t.app.inject({ method: 'GET', url: '/api/export', headers: bearer(exporter.token) })).body
    expect(file.length).toBeGreaterThan(15_000_000)
    expect(file.length).toBeLessThan(IMPORT_MAX_BYTES)
    let status = 0
    const work = new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/import?dryRun=true',
          headers: { ...bearer(neighbour.token), 'content-type': 'application/json' },
          payload: file,
        })
        .then((res) => {
          status = res.statusCode
        }),
    )
    const [health] = await latenciesDuring(work, () => t.app.inject({ method: 'GET', url: '/api/health' }))
    expect(status).toBe(200)
    // Checked a blend at a time: before, the schema check alone held the event loop 0.3–0.6 s.
    expect(health!.length).toBeGreaterThan(20)
    expect(p99(health!)).toBeLessThan(P99_BUDGET_MS)
  }, 120_000)
})
