import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Db } from '#server/db/db.ts'
import { listProjects, listSavedBlends, touchProject } from '#server/blends/blends.repo.ts'
import { createListItemCache } from '#server/blends/list-items.ts'
import { blendBody, createBlend, oilsByName, versionBody } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

describe('the list item cache', () => {
  it('keeps an entry while its version is unchanged and computes only what it lacks', async () => {
    const cache = createListItemCache()
    const asked: (number[] | null)[] = []
    const compute = async (ids: number[] | null) => {
      asked.push(ids)
      return new Map((ids ?? [1, 2, 3]).map((id) => [id, { id, at: asked.length }]))
    }
    const rows = [
      { id: 3, list_version: 0 },
      { id: 1, list_version: 0 },
    ]
    expect(JSON.parse(await cache.assemble(rows, compute))).toEqual([
      { id: 3, at: 1 },
      { id: 1, at: 1 },
    ])
    // Unchanged: nothing computed. One version moved: that entry alone.
    expect(JSON.parse(await cache.assemble(rows, compute))).toEqual([
      { id: 3, at: 1 },
      { id: 1, at: 1 },
    ])
    expect(JSON.parse(await cache.assemble([rows[0]!, { id: 1, list_version: 1 }], compute))).toEqual([
      { id: 3, at: 1 },
      { id: 1, at: 2 },
    ])
    expect(asked).toEqual([[3, 1], [1]])
  })

  it('leaves out a project deleted while the list was computed', async () => {
    const cache = createListItemCache()
    const json = await cache.assemble([{ id: 1, list_version: 0 }, { id: 2, list_version: 0 }], async () => new Map([[2, { id: 2 }]]))
    expect(JSON.parse(json)).toEqual([{ id: 2 }])
  })

  it('asks for every project when most are missing, and stays within its bound', async () => {
    const cache = createListItemCache(600)
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, list_version: 0 }))
    let asked: number[] | null | undefined
    const json = await cache.assemble(rows, async (ids) => {
      asked = ids
      return new Map(rows.map((r) => [r.id, r.id]))
    })
    expect(asked).toBeNull()
    expect(JSON.parse(json)).toHaveLength(1000)
    expect(cache.size()).toBe(600)
  })
})

/**
 * Every write that changes how a blend appears in /api/blends or /api/blend-projects must move
 * that blend's list version. After each write, the lists the server answers (from its caches)
 * must equal lists computed from scratch.
 */
describe.each(ENGINES)('lists after every kind of write on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  let user: TestUser
  beforeAll(async () => {
    t = await createTestApp(engine)
    oils = await oilsByName(t)
    user = await createUser(t)
  })
  afterAll(async () => t.close())

  const call = (method: string, url: string, payload?: unknown) => injectAs(t, user, method, url, payload)

  async function expectListsFresh() {
    const catalog = (await t.app.catalog.byId()) as Map<number, EssentialOil>
    const served = {
      blends: (await call('GET', '/api/blends')).json(),
      search: (await call('GET', '/api/blends?search=lemon')).json(),
      projects: (await call('GET', '/api/blend-projects')).json(),
    }
    const fresh = {
      blends: JSON.parse(await listSavedBlends(t.db, user.userId, catalog, createListItemCache())),
      search: JSON.parse(await listSavedBlends(t.db, user.userId, catalog, createListItemCache(), 'lemon')),
      projects: JSON.parse(await listProjects(t.db, user.userId, createListItemCache())),
    }
    expect(served).toEqual(fresh)
    return served
  }

  it('shows each write in the next list', async () => {
    const first = await createBlend(t, user, blendBody(oils))
    await createBlend(t, user, blendBody(oils, { name: 'Morning Zest' }))
    await expectListsFresh()

    // A new version (POST /api/blend-versions): version count, oil names, the search.
    expect((await call('POST', '/api/blend-versions', versionBody(oils, first.id))).statusCode).toBe(201)
    let lists = await expectListsFresh()
    expect(lists.search).toHaveLength(1)

    // The same name saved again adds a version too.
    expect((await call('POST', '/api/blends', blendBody(oils, { notes: 'Third' }))).statusCode).toBe(201)
    lists = await expectListsFresh()
    expect(lists.blends.find((b: { id: number }) => b.id === first.id).versionCount).toBe(3)

    // A rename.
    expect((await call('PATCH', `/api/blends/${first.id}`, { name: 'Evening Hush' })).statusCode).toBe(200)
    lists = await expectListsFresh()
    expect(lists.blends.map((b: { name: string }) => b.name)).toContain('Evening Hush')

    // The first version's notes (the saved blend's notes).
    expect((await call('PATCH', `/api/blend-versions/${first.version.id}`, { formulationNotes: 'Rested a week' })).statusCode).toBe(200)
    lists = await expectListsFresh()
    expect(lists.blends.find((b: { id: number }) => b.id === first.id).notes).toBe('Rested a week')

    // A test entry: the test count.
    expect((await call('POST', '/api/journal-entries', { versionId: first.version.id, rating: 4 })).statusCode).toBe(201)
    lists = await expectListsFresh()
    expect(lists.blends.find((b: { id: number }) => b.id === first.id).testCount).toBe(1)

    // An empty project, then a delete.
    expect((await call('POST', '/api/blend-projects', { name: 'Empty', description: null })).statusCode).toBe(201)
    lists = await expectListsFresh()
    expect(lists.projects).toHaveLength(3)
    expect((await call('DELETE', `/api/blends/${first.id}`)).statusCode).toBe(204)
    lists = await expectListsFresh()
    expect(lists.blends.map((b: { name: string }) => b.name)).toEqual(['Morning Zest'])
  })
})

/**
 * The timing budgets (journal.scale.test.ts) depend on the machine; the number of queries does
 * not. A list costs the same few queries for 2 blends or 20, so a query per blend cannot creep in.
 */
describe.each(ENGINES)('queries per list on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  beforeAll(async () => {
    t = await createTestApp(engine)
    oils = await oilsByName(t)
  })
  afterAll(async () => t.close())

  /** The same database, counting the queries run through it. */
  function countingDb(): { db: Db; count: () => number } {
    let queries = 0
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1
        return args.node
      },
      transformResult: async (args) => args.result,
    }
    return { db: { ...t.db, kysely: t.db.kysely.withPlugin(counter) }, count: () => queries }
  }

  async function queriesFor(user: TestUser, cache = { blends: createListItemCache(), projects: createListItemCache() }) {
    const catalog = (await t.app.catalog.byId()) as Map<number, EssentialOil>
    const counted = { blends: countingDb(), search: countingDb(), projects: countingDb() }
    const lists = {
      blends: JSON.parse(await listSavedBlends(counted.blends.db, user.userId, catalog, cache.blends)) as unknown[],
      search: JSON.parse(await listSavedBlends(counted.search.db, user.userId, catalog, createListItemCache(), 'lavender')) as unknown[],
      projects: JSON.parse(await listProjects(counted.projects.db, user.userId, cache.projects)) as unknown[],
    }
    return {
      lengths: [lists.blends.length, lists.search.length, lists.projects.length],
      queries: { blends: counted.blends.count(), search: counted.search.count(), projects: counted.projects.count() },
    }
  }

  it('computes every entry in the same few queries for 2 blends or 20', async () => {
    const few = await createUser(t)
    const many = await createUser(t)
    for (let i = 1; i <= 2; i++) await createBlend(t, few, blendBody(oils, { name: `Blend ${i}` }))
    for (let i = 1; i <= 20; i++) await createBlend(t, many, blendBody(oils, { name: `Blend ${i}` }))
    const a = await queriesFor(few)
    const b = await queriesFor(many)
    expect(a.lengths).toEqual([2, 2, 2])
    expect(b.lengths).toEqual([20, 20, 20])
    // The rows with their list versions, then (blends) the entries, oil names and test counts,
    // or (projects) the projects and their versions.
    expect(a.queries).toEqual({ blends: 4, search: 4, projects: 3 })
    expect(b.queries).toEqual(a.queries)
  })

  it('after a change to one blend computes that entry alone, in as many queries', async () => {
    const user = await createUser(t)
    const blends = []
    for (let i = 1; i <= 5; i++) blends.push(await createBlend(t, user, blendBody(oils, { name: `Blend ${i}` })))
    const cache = { blends: createListItemCache(), projects: createListItemCache() }
    await queriesFor(user, cache)
    // Nothing changed: the rows alone.
    expect((await queriesFor(user, cache)).queries).toMatchObject({ blends: 1, projects: 1 })
    await touchProject(t.db.kysely, user.userId, blends[2]!.id)
    expect((await queriesFor(user, cache)).queries).toMatchObject({ blends: 4, projects: 3 })
  })
})
