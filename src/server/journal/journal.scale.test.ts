import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { touchProject } from '#server/db/counters.ts'
import { seedJournal } from '#tests/support/blend-fixtures.ts'
import { bearer, createTestApp, createUser, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

const BLENDS = 5_000
const ENTRIES_PER_BLEND = 3
/**
 * CPU time per request after a write, on a 2-core test machine, with room for a busy neighbour.
 * Lists are paged in SQL, so a request reads one page whatever the size of the journal; a query
 * per row is caught by the query counts in src/server/blends/blend-lists.test.ts, which do not
 * depend on the machine.
 */
const BUDGET_MS = 100
const WARM_UP_RUNS = 5

describe('a journal of 5,000 blends and 15,000 test entries (SQLite)', () => {
  let t: TestAppHandle
  let user: TestUser
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    user = await createUser(t)
    const ids = await seedJournal(
      t.db,
      user.userId,
      Array.from({ length: BLENDS }, (_, i) => ({ name: `Blend ${i + 1}`, tests: ENTRIES_PER_BLEND })),
    )
    // The URLs below name blend 2500 by id: a fresh database numbers them from 1.
    expect(ids[2_499]).toBe(2_500)
  }, 120_000)
  afterAll(async () => t.close())

  /**
   * CPU time the server spends on a request (query, mapping, serialisation). This worker runs
   * nothing else meanwhile, and unlike wall time CPU time does not grow when other test files keep
   * the machine's cores busy. `change` runs before each measured request, so the request cannot
   * be answered from the response cache; repeats without a change are.
   */
  async function timed(url: string, change: () => Promise<void>) {
    const once = async () => {
      const cpu = process.cpuUsage()
      const start = performance.now()
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) })
      const used = process.cpuUsage(cpu)
      expect(res.statusCode).toBe(200)
      return { ms: (used.user + used.system) / 1000, wall: performance.now() - start, rows: rowsOf(res.json()) }
    }
    // A running server has its code compiled, so the first runs only warm it up: V8 compiles hot
    // functions on background threads, and process.cpuUsage() counts those threads too. Then the
    // best of five, which also rides out a busy neighbour on a shared machine.
    let cold: Awaited<ReturnType<typeof once>> | null = null
    for (let i = 0; i < WARM_UP_RUNS + 5; i++) {
      await change()
      const run = await once()
      if (i >= WARM_UP_RUNS && (!cold || run.ms < cold.ms)) cold = run
    }
    if (!cold) throw new Error('no measurement')
    let warm = Infinity
    for (let i = 0; i < 3; i++) warm = Math.min(warm, (await once()).ms)
    return { ...cold, warm }
  }

  /** Rows in an answer: a page's items, an array's length, or one blend. */
  const rowsOf = (body: unknown) =>
    Array.isArray(body) ? body.length : typeof body === 'object' && body && 'items' in body ? (body.items as unknown[]).length : 1
  const deepCursor = Buffer.from(JSON.stringify(['r', 4_990])).toString('base64url')

  const LISTS: [url: string, rows: number][] = [
    ['/api/blends', 50],
    ['/api/blends?q=lavender', 50],
    ['/api/blends?q=blend%204999', 1],
    ['/api/blends?q=rose', 0],
    ['/api/blends?sort=name&status=tested&limit=100', 100],
    [`/api/blends?cursor=${deepCursor}`, 10],
    ['/api/blends/2500', 1],
    ['/api/me/summary', 1],
    ['/api/blend-projects', 100],
    ['/api/journal-entries', 100],
    ['/api/journal-entries?after=14000', 100],
    ['/api/journal-entries?projectId=2500', 3],
  ]

  /** A write to one blend (a new test entry, a rename, a version): the usual reason a list is recomputed. */
  const changeOneBlend = async () => {
    const project = await t.db.kysely
      .selectFrom('blend_projects')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('number', '=', 1 + Math.floor(Math.random() * BLENDS))
      .executeTakeFirstOrThrow()
    await touchProject(t.db.kysely, user.userId, project.id)
  }

  it.each(LISTS)(`answers %s in under ${BUDGET_MS} ms after a change to one blend`, async (url, count) => {
    const { ms, wall, warm, rows } = await timed(url, changeOneBlend)
    console.info(`${url}: ${rows} rows in ${ms.toFixed(1)} ms CPU (${wall.toFixed(1)} ms wall), ${warm.toFixed(1)} ms from the cache`)
    expect(rows).toBe(count)
    expect(ms).toBeLessThan(BUDGET_MS)
    expect(warm).toBeLessThan(BUDGET_MS / 2)
  })
})
