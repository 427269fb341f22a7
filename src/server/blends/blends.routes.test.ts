import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlendListPage } from '#shared/api/blend-list.ts'
import type { BlendProject, BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, oilsByName, versionBody } from '#tests/support/blend-fixtures.ts'
import { bearer, createTestApp, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp, type TestContext } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('blends, projects and versions on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser, call: TestContext['call']
  useTestApp(engine, (ctx) => ({ t, oils, user, call } = ctx))

  it('starts with no blends and previews reference 001a', async () => {
    const fresh = await createUser(t)
    expect((await call('GET', '/api/blends', undefined, fresh)).json()).toEqual({
      items: [],
      nextCursor: null,
      counts: { all: 0, tested: 0, untested: 0 },
    })
    expect((await call('GET', '/api/next-reference-number', undefined, fresh)).json()).toEqual({ referenceNumber: '001a' })
  })

  it('creates a blend as project 001 with version a', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils))
    expect(blend).toMatchObject({
      name: 'Evening Calm',
      referenceNumber: '001a',
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: ['Relaxing', 'Uplifting'],
      notes: 'First try',
      versionCount: 1,
    })
    expect(blend.topNote?.name).toBe('Bergamot')
    expect(blend.baseNote?.latinName).toBe('Cedrus atlantica')
    expect(blend.version).toMatchObject({
      versionLetter: 'a',
      referenceNumber: '001a',
      tested: false,
      rating: null,
      maturationPeriod: 48,
      maturationComplete: false,
      crossContaminationPrevented: true,
      weighedInGrams: false,
      topOils: [{ id: oils.Bergamot!.id, name: 'Bergamot', percentage: 30 }],
    })
    const list = ((await call('GET', '/api/blends', undefined, me)).json() as BlendListPage).items
    expect(list.map((b) => b.name)).toEqual(['Evening Calm'])
    expect((await call('GET', '/api/next-reference-number', undefined, me)).json()).toEqual({ referenceNumber: '002a' })
    const second = await createBlend(t, me, blendBody(oils, { name: 'Morning Zest' }))
    expect(second.referenceNumber).toBe('002a')
  })

  it('saves the same name again (any case, extra spaces) as the next version of that blend', async () => {
    const me = await createUser(t)
    const first = await createBlend(t, me, blendBody(oils, { name: 'Forest Walk' }))
    const again = await createBlend(t, me, blendBody(oils, { name: '  forest WALK ', topNote: oils.Lemon!.id }))
    expect(again.id).toBe(first.id)
    expect(again.version.versionLetter).toBe('b')
    expect(again.version.referenceNumber).toBe('001b')
    expect(again.version.topOils[0]!.name).toBe('Lemon')
    const list = ((await call('GET', '/api/blends', undefined, me)).json() as BlendListPage).items
    expect(list).toHaveLength(1)
    expect(list[0]!.versionCount).toBe(2)
  })

  it('saves a version to a project by id and lists projects with their versions', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Citrus Grove' }))
    const res = await call(
      'POST',
      '/api/blend-versions',
      versionBody(oils, blend.id, { versionLetter: 'zz', referenceNumber: 'bogus' }),
      me,
    )
    expect(res.statusCode).toBe(201)
    const version = res.json() as BlendVersion
    expect(version).toMatchObject({ projectId: blend.id, versionLetter: 'b', referenceNumber: '001b', formulationNotes: 'Brighter top' })
    expect(version.topOils.map((o) => o.name)).toEqual(['Bergamot', 'Lemon'])
    const projects = (await call('GET', '/api/blend-projects', undefined, me)).json() as BlendProject[]
    expect(projects).toHaveLength(1)
    expect(projects[0]).toMatchObject({ id: blend.id, name: 'Citrus Grove', blendNumber: 1 })
    expect(projects[0]!.versions.map((v) => v.referenceNumber)).toEqual(['001a', '001b'])
  })

  it('creates an empty project and versions it from a', async () => {
    const me = await createUser(t)
    const res = await call('POST', '/api/blend-projects', { name: 'Sleep Study', description: 'Project created from existing blend 7' }, me)
    expect(res.statusCode).toBe(201)
    const project = res.json() as BlendProject
    expect(project).toMatchObject({ name: 'Sleep Study', blendNumber: 1, versions: [] })
    const v = (await call('POST', '/api/blend-versions', versionBody(oils, project.id), me)).json() as BlendVersion
    expect(v.referenceNumber).toBe('001a')
  })

  it('gives 20 concurrent saves to one project 20 distinct letters, without an error', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Busy Blend' }))
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/blend-versions', versionBody(oils, blend.id), me)),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201))
    const letters = results.map((r) => (r.json() as BlendVersion).versionLetter)
    expect(new Set(letters).size).toBe(20)
    expect(new Set(letters)).not.toContain('a')
    const project = ((await call('GET', '/api/blend-projects', undefined, me)).json() as BlendProject[])[0]!
    expect(project.versions).toHaveLength(21)
  })

  it('numbers projects per user under concurrency', async () => {
    const me = await createUser(t)
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', '/api/blends', blendBody(oils, { name: `Parallel ${i}` }), me)),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201))
    const refs = results.map((r) => (r.json() as SavedBlend).referenceNumber).sort()
    expect(refs).toEqual(['001a', '002a', '003a', '004a', '005a', '006a', '007a', '008a', '009a', '010a'])
  })

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['percentages that do not total 100', { topPercentage: 40 }, 'should total 100%'],
    ['a percentage over 100', { topPercentage: 130, middlePercentage: -10, basePercentage: -20 }, 'between 0 and 100'],
    ['an oil id not in the catalog', { middleNote: 999_999 }, 'Unknown oil id 999999'],
    ['an unknown effect', { effects: ['Sleepy'] }, 'Unknown effect'],
  ])('refuses a blend with %s', async (_label, overrides, message) => {
    const res = await call('POST', '/api/blends', blendBody(oils, overrides as never))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('VALIDATION_ERROR')
    expect(JSON.stringify(res.json().error)).toContain(message)
  })

  it('refuses a version whose layers do not total 100 or have no oil', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Strict' }))
    const off = versionBody(oils, blend.id, { baseOils: [{ id: oils['Atlas Cedarwood']!.id, name: 'x', percentage: 19.8 }] })
    expect((await call('POST', '/api/blend-versions', off)).statusCode).toBe(400)
    const within = versionBody(oils, blend.id, { baseOils: [{ id: oils['Atlas Cedarwood']!.id, name: 'x', percentage: 19.95 }] })
    expect((await call('POST', '/api/blend-versions', within)).statusCode).toBe(201)
    expect((await call('POST', '/api/blend-versions', versionBody(oils, blend.id, { middleOils: [] }))).statusCode).toBe(400)
  })

  it('answers 404 for a version saved to a project that does not exist', async () => {
    const res = await call('POST', '/api/blend-versions', versionBody(oils, 987_654))
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
  })

  it('renames a blend, ignores a blank name, and updates version notes', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Old Name' }))
    const renamed = await call('PATCH', `/api/blends/${blend.id}`, { name: '  New Name ' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().name).toBe('New Name')
    const blank = await call('PATCH', `/api/blends/${blend.id}`, { name: '   ' })
    expect(blank.statusCode).toBe(200)
    expect(blank.json().name).toBe('New Name')
    const notes = await call('PATCH', `/api/blend-versions/${blend.version.id}`, { formulationNotes: 'Softer after a week' })
    expect(notes.statusCode).toBe(200)
    expect(notes.json().formulationNotes).toBe('Softer after a week')
  })

  it('deletes a blend with its versions and leaves other blends alone', async () => {
    const me = await createUser(t)
    const keep = await createBlend(t, me, blendBody(oils, { name: 'Keep Me' }))
    const drop = await createBlend(t, me, blendBody(oils, { name: 'Drop Me' }))
    await call('POST', '/api/blend-versions', versionBody(oils, drop.id), me)
    expect((await call('DELETE', `/api/blends/${drop.id}`, undefined, me)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/blends/${drop.id}`, undefined, me)).statusCode).toBe(404)
    const projects = (await call('GET', '/api/blend-projects', undefined, me)).json() as BlendProject[]
    expect(projects.map((p) => p.name)).toEqual(['Keep Me'])
    expect(projects[0]!.versions).toHaveLength(1)
    expect(keep.id).toBe(projects[0]!.id)
  })
})

describe.each(ENGINES)('blend search on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  beforeAll(async () => {
    t = await createTestApp(engine)
    user = await createUser(t)
    const oils = await oilsByName(t)
    await createBlend(t, user, blendBody(oils, { name: 'Evening Calm' }))
    const zest = await createBlend(t, user, blendBody(oils, { name: 'Morning Zest', topNote: oils.Lemon!.id }))
    // An oil only in a later version still finds the blend.
    await t.app.inject({
      method: 'POST',
      url: '/api/blend-versions',
      headers: bearer(user.token),
      payload: versionBody(oils, zest.id, {
        baseOils: [{ id: oils.Vetiver!.id, name: 'Vetiver', percentage: 20 }],
      }),
    })
    await createBlend(t, user, blendBody(oils, { name: '100% Pure_Joy' }))
  })
  afterAll(async () => t.close())

  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blends?q=${encodeURIComponent(q)}`, headers: bearer(user.token) })
    expect(res.statusCode).toBe(200)
    return (res.json() as BlendListPage).items.map((b) => b.name).sort()
  }

  it('matches the blend name, any case', async () => {
    expect(await search('CALM')).toEqual(['Evening Calm'])
  })

  it('matches an oil of any version', async () => {
    expect(await search('vetiver')).toEqual(['Morning Zest'])
    expect(await search('lemon')).toEqual(['Morning Zest'])
    expect(await search('lavender')).toEqual(['100% Pure_Joy', 'Evening Calm', 'Morning Zest'])
  })

  it('treats % and _ as plain characters', async () => {
    expect(await search('100%')).toEqual(['100% Pure_Joy'])
    expect(await search('e_j')).toEqual(['100% Pure_Joy'])
    expect(await search('%')).toEqual(['100% Pure_Joy'])
  })

  it('lists each blend with its test count and its latest version’s reference and oils per layer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blends', headers: bearer(user.token) })
    const zest = (res.json() as BlendListPage).items.find((b) => b.name === 'Morning Zest')!
    expect(zest).toMatchObject({
      testCount: 0,
      tested: false,
      versionCount: 2,
      referenceNumber: expect.stringMatching(/b$/),
      oils: { top: ['Bergamot', 'Lemon'], middle: ['Lavender'], base: ['Vetiver'] },
    })
  })
})

describe.each(ENGINES)('list caching on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let oils: Record<string, EssentialOil>
  beforeAll(async () => {
    t = await createTestApp(engine)
    user = await createUser(t)
    oils = await oilsByName(t)
  })
  afterAll(async () => t.close())

  const list = (url: string, etag?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(user.token), ...(etag ? { 'if-none-match': etag } : {}) } })

  it('answers 304 while nothing changed and fresh data after every kind of write', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Cached' }))
    const first = await list('/api/blends')
    const etag = String(first.headers.etag)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    expect((await list('/api/blends', etag)).statusCode).toBe(304)

    await t.app.inject({ method: 'PATCH', url: `/api/blends/${blend.id}`, headers: bearer(user.token), payload: { name: 'Renamed' } })
    const renamed = await list('/api/blends', etag)
    expect(renamed.statusCode).toBe(200)
    expect((renamed.json() as BlendListPage).items[0]!.name).toBe('Renamed')

    await t.app.inject({
      method: 'POST',
      url: '/api/journal-entries',
      headers: bearer(user.token),
      payload: { versionId: blend.version.id },
    })
    expect(((await list('/api/blends')).json() as BlendListPage).items[0]!.testCount).toBe(1)
    expect(((await list('/api/journal-entries')).json() as unknown[]).length).toBe(1)

    await t.app.inject({
      method: 'PATCH',
      url: `/api/blend-versions/${blend.version.id}`,
      headers: bearer(user.token),
      payload: { formulationNotes: 'new notes' },
    })
    expect(((await list('/api/blend-projects')).json() as BlendProject[])[0]!.versions[0]!.formulationNotes).toBe('new notes')

    await t.app.inject({ method: 'DELETE', url: `/api/blends/${blend.id}`, headers: bearer(user.token) })
    expect(((await list('/api/blends')).json() as BlendListPage).items).toEqual([])
    expect((await list('/api/journal-entries')).json()).toEqual([])
  })

  it('sends a large list compressed as the client accepts, the same data as uncompressed', async () => {
    for (let i = 0; i < 12; i++) await createBlend(t, user, blendBody(oils, { name: `Compressed ${i}` }))
    const plain = await list('/api/blends')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('accept-encoding')
    expect(plain.body.length).toBeGreaterThan(1024)
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/blends',
        headers: { ...bearer(user.token), 'accept-encoding': `${encoding}, identity` },
      })
      expect(res.headers['content-encoding'], encoding).toBe(encoding)
      expect(res.headers.etag).toBe(plain.headers.etag)
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body)
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 3)
    }
    // A small list is sent as it is.
    const other = await createUser(t)
    const small = await t.app.inject({ method: 'GET', url: '/api/blends', headers: { ...bearer(other.token), 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect((small.json() as BlendListPage).items).toEqual([])
  })

  it('never serves one user the list cached for another', async () => {
    const other = await createUser(t)
    await createBlend(t, user, blendBody(oils, { name: 'Mine Only' }))
    await list('/api/blends')
    const theirs = await t.app.inject({ method: 'GET', url: '/api/blends', headers: bearer(other.token) })
    expect((theirs.json() as BlendListPage).items).toEqual([])
  })
})
