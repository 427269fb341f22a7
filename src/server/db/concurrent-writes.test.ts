import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, exportFileBody } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'
import { planFromExport } from '#server/your-data/import-json.ts'
import { runImport } from '#server/your-data/importer.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** The server's rules hold under parallel requests, on PostgreSQL (real concurrency) as on SQLite. */
describe.each(ENGINES)('parallel writes on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  it('ten parallel saves under one name make one blend with ten versions, a to j', async () => {
    const user = await createUser(t)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/blends',
          headers: bearer(user.token),
          payload: blendBody(oils, { name: i % 2 ? 'Race' : '  race ' }),
        }),
      ),
    )
    expect(
      answers.map((a) => a.statusCode),
      answers[0]!.body,
    ).toEqual(Array(10).fill(201))
    expect(answers.filter((a) => a.json().outcome === 'created')).toHaveLength(1)
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
    const refs = answers.map((a) => a.json().version.referenceNumber as string).sort()
    expect(refs).toEqual(['001a', '001b', '001c', '001d', '001e', '001f', '001g', '001h', '001i', '001j'])
    const projects = await t.db.kysely.selectFrom('blend_projects').select('id').where('user_id', '=', user.userId).execute()
    expect(projects).toHaveLength(1)
  })

  it("five parallel imports of one export make one import; each other one is told to wait (one import of a user's at a time) or, once the first is done, skips everything", async () => {
    const user = await createUser(t)
    const file = exportFileBody(oils)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/import', headers: bearer(user.token), payload: file })),
    )
    const created = answers.filter((a) => a.statusCode === 201 && a.json().created.blends === 1)
    const skipped = answers.filter((a) => a.statusCode === 201 && a.json().created.blends === 0 && a.json().skipped.blends === 1)
    const refused = answers.filter((a) => a.statusCode === 429 && a.json().error.code === 'ALREADY_RUNNING')
    expect(created).toHaveLength(1)
    expect(skipped.length + refused.length).toBe(4)
    const projects = await t.db.kysely.selectFrom('blend_projects').select('id').where('user_id', '=', user.userId).execute()
    expect(projects).toHaveLength(1)
  })

  it('five parallel import transactions of one file, past the per-process limit (as from five processes), make one import and four that skip everything', async () => {
    const user = await createUser(t)
    const plan = await planFromExport(exportFileBody(oils), await t.app.catalog.all())
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.db.kysely.transaction().execute((trx) => runImport(trx, user.userId, plan))),
    )
    expect(results.filter((r) => r.created.blends === 1)).toHaveLength(1)
    expect(results.filter((r) => r.created.blends === 0 && r.skipped.blends === 1)).toHaveLength(4)
    const projects = await t.db.kysely.selectFrom('blend_projects').select('id').where('user_id', '=', user.userId).execute()
    expect(projects).toHaveLength(1)
  })
})
