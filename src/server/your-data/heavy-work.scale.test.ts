import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, createUser, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

const ROWS = 100_000
/** Decision 041's target: health and other users' requests stay under this at the 99th percentile. */
const P99_BUDGET_MS = 50

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))]!

/**
 * While `work` runs, `probe` is sent every 5 ms (the next once the last is answered); answers the
 * probes' latencies. On the code before decision 041 an import of 100,000 rows held the event loop
 * for 2.3 s and the health check waited for it.
 */
async function latenciesDuring(work: Promise<unknown>, probe: () => Promise<{ statusCode: number }>) {
  const samples: number[] = []
  let done = false
  void work.finally(() => {
    done = true
  })
  while (!done) {
    const start = performance.now()
    const res = await probe()
    samples.push(performance.now() - start)
    expect(res.statusCode).toBe(200)
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

  it('keeps the health check answering within 50 ms (p99) during an import of 100,000 rows', async () => {
    const csv = ['Name,Top,Top %,Middle,Middle %,Base,Base %,Notes', ...Array.from({ length: ROWS }, (_, i) => `Blend ${i},Bergamot,30,Lavender,50,Vetiver,20,Notes ${i}`)].join('\n')
    let status = 0
    const work = t.app.inject({ method: 'POST', url: '/api/import/csv', headers: { ...bearer(maker.token), 'content-type': 'text/csv' }, payload: csv }).then((res) => {
      status = res.statusCode
    })
    const samples = await latenciesDuring(work, () => t.app.inject({ method: 'GET', url: '/api/health' }))
    expect(status).toBe(201)
    // The import took long enough to be probed many times.
    expect(samples.length).toBeGreaterThan(50)
    expect(p99(samples)).toBeLessThan(P99_BUDGET_MS)
  }, 120_000)

  it('keeps another user\'s catalog within 50 ms (p99) while the maker asks for five exports of those 100,000 blends', async () => {
    const exports = Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/export', headers: bearer(maker.token) })))
    const samples = await latenciesDuring(exports, () => t.app.inject({ method: 'GET', url: '/api/essential-oils', headers: bearer(neighbour.token) }))
    // Two run; the other three are told to come back (decision 041).
    expect((await exports).map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429])
    expect(samples.length).toBeGreaterThan(50)
    expect(p99(samples)).toBeLessThan(P99_BUDGET_MS)
  }, 120_000)
})
