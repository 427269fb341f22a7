import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedJournal } from '#tests/support/blend-fixtures.ts'
import { bearer, createTestApp, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { BUSY_RETRY_AFTER_SECONDS } from '#server/http/heavy-work.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** A spreadsheet of `rows` blends: enough work that an import is still running when the next request arrives. */
const spreadsheet = (rows: number) =>
  [
    'Name,Top,Top %,Middle,Middle %,Base,Base %',
    ...Array.from({ length: rows }, (_, i) => `Blend ${i},Bergamot,30,Lavender,50,Vetiver,20`),
  ].join('\n')

/** Decision 041: one import and two exports of a user's at a time; exports limited per minute. */
describe.each(ENGINES)('heavy requests on %s', (engine) => {
  let t: TestAppHandle
  let maker: TestUser
  let neighbour: TestUser
  beforeAll(async () => {
    t = await createTestApp(engine)
    maker = await createUser(t)
    neighbour = await createUser(t)
    await seedJournal(
      t.db,
      maker.userId,
      Array.from({ length: 300 }, (_, i) => ({ name: `Seeded ${i}`, tests: 1 })),
    )
  }, 60_000)
  afterAll(async () => t.close())

  const importCsv = (who: TestUser, csv: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/import/csv${query}`,
      headers: { ...bearer(who.token), 'content-type': 'text/csv' },
      payload: csv,
    })
  const exportAs = (who: TestUser, url = '/api/export') => t.app.inject({ method: 'GET', url, headers: bearer(who.token) })

  it('refuses a second import of the same user while one runs: 429 with Retry-After, in the error shape', async () => {
    const csv = spreadsheet(3_000)
    const answers = await Promise.all([importCsv(maker, csv), importCsv(maker, csv), importCsv(maker, csv, '?dryRun=true')])
    // Whichever reached the server first runs; the other two (an import and a preview alike) are refused.
    const ran = answers.filter((a) => a.statusCode !== 429)
    expect(
      ran.map((a) => a.statusCode),
      ran[0]?.body,
    ).toHaveLength(1)
    expect([200, 201]).toContain(ran[0]!.statusCode)
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS))
      expect(refused.json()).toEqual({
        error: { code: 'ALREADY_RUNNING', message: 'You already have an import running. Wait for it to finish, then try again.' },
      })
    }
    // Only what ran was stored, and the slot is free again once it is done.
    const stored = await t.db.kysely
      .selectFrom('blend_projects')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', maker.userId)
      .executeTakeFirstOrThrow()
    expect(Number(stored.n)).toBe(300 + (ran[0]!.statusCode === 201 ? 3_000 : 0))
    const again = await importCsv(maker, spreadsheet(2), '?dryRun=true')
    expect(again.statusCode, again.body).toBe(200)
  }, 60_000)

  it("refuses another user's import while one runs in the process (uploads are held whole: memory), as BUSY", async () => {
    const answers = await Promise.all([
      importCsv(maker, spreadsheet(3_000), '?dryRun=true'),
      importCsv(neighbour, spreadsheet(3_000), '?dryRun=true'),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429])
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS))
    expect(refused.json()).toEqual({
      error: { code: 'BUSY', message: 'Accord is busy with other imports just now. Try again in a few seconds.' },
    })
  }, 60_000)

  it('refuses a third export of the same user while two run, whichever file it asks for', async () => {
    const answers = await Promise.all([
      exportAs(maker),
      exportAs(maker, '/api/export/blends.csv'),
      exportAs(maker, '/api/export/test-entries.csv'),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429])
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS))
    expect(refused.json()).toEqual({
      error: { code: 'ALREADY_RUNNING', message: 'You already have 2 exports running. Wait for one to finish, then try again.' },
    })
    // Another user's export is not counted with them, and the slots are free once they are done.
    const [a, b, theirs] = await Promise.all([exportAs(maker), exportAs(maker), exportAs(neighbour)])
    expect([a.statusCode, b.statusCode, theirs.statusCode]).toEqual([200, 200, 200])
  }, 60_000)
})

describe.each(ENGINES)('the export rate limit on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx), { EXPORT_RATE_LIMIT_PER_USER: '2' })

  it.each(['/api/export', '/api/export/blends.csv', '/api/export/test-entries.csv'])(
    'allows EXPORT_RATE_LIMIT_PER_USER downloads of %s a minute per user, then answers 429 with Retry-After',
    async (url) => {
      const [maker, neighbour] = [await createUser(t), await createUser(t)]
      const get = (who: TestUser) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) })
      expect((await get(maker)).statusCode).toBe(200)
      expect((await get(maker)).statusCode).toBe(200)
      const over = await get(maker)
      expect(over.statusCode).toBe(429)
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      expect(over.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } })
      // Counted per user.
      expect((await get(neighbour)).statusCode).toBe(200)
    },
  )
})

describe('the contract of the heavy routes', () => {
  let t: TestAppHandle
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t.close())

  it('declares their 429 in the error shape, with its Retry-After header', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }> }>>
    }
    for (const [path, method] of [
      ['/api/import', 'post'],
      ['/api/import/csv', 'post'],
      ['/api/export', 'get'],
      ['/api/export/blends.csv', 'get'],
      ['/api/export/test-entries.csv', 'get'],
    ] as const) {
      const tooMany = document.paths[path]?.[method]?.responses['429']
      expect(tooMany, `${method} ${path}`).toBeDefined()
      expect(tooMany?.headers?.['retry-after'], `${method} ${path}`).toMatchObject({ schema: { type: 'integer' } })
      expect(JSON.stringify(tooMany?.content), `${method} ${path}`).toContain('#/components/schemas/Error')
    }
  })
})
