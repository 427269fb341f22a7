import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, exportFileBody, oilsByName } from '#tests/support/blend-fixtures.ts'
import { bearer, createTestApp, createUser, ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'

/** The server's rules hold under parallel requests, on PostgreSQL (real concurrency) as on SQLite. */
describe.each(ENGINES)('parallel writes on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  beforeAll(async () => {
    t = await createTestApp(engine)
    oils = await oilsByName(t)
  })
  afterAll(async () => t.close())

  it('ten parallel saves under one name make one blend with ten versions, a to j', async () => {
    const user = await createUser(t)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/blends', headers: bearer(user.token), payload: blendBody(oils, { name: i % 2 ? 'Race' : '  race ' }) }),
      ),
    )
    expect(answers.map((a) => a.statusCode), answers[0]!.body).toEqual(Array(10).fill(201))
    expect(answers.filter((a) => a.json().outcome === 'created')).toHaveLength(1)
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
    const refs = answers.map((a) => a.json().version.referenceNumber as string).sort()
    expect(refs).toEqual(['001a', '001b', '001c', '001d', '001e', '001f', '001g', '001h', '001i', '001j'])
    const projects = await t.db.kysely.selectFrom('blend_projects').select('id').where('user_id', '=', user.userId).execute()
    expect(projects).toHaveLength(1)
  })

  it('five parallel imports of one export make one import; the other four skip everything', async () => {
    const user = await createUser(t)
    const file = exportFileBody(oils)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/import', headers: bearer(user.token), payload: file })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201))
    expect(answers.filter((a) => a.json().created.blends === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.json().created.blends === 0 && a.json().skipped.blends === 1)).toHaveLength(4)
    const projects = await t.db.kysely.selectFrom('blend_projects').select('id').where('user_id', '=', user.userId).execute()
    expect(projects).toHaveLength(1)
  })
})
