import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLEND_DETAILS_MAX, type BlendDetail, type BlendDetails, type BlendListItem, type BlendListPage } from '#shared/api/blend-list.ts'
import type { BlendProject } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { MeSummary } from '#shared/api/me.ts'
import { BATCH_PAGE_SIZE, type Batch, type BatchList } from '#shared/api/shelf.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { JOURNAL_SORTS, JOURNAL_TABS, journalList, type ListedBlend } from '#shared/domain/journal-list.ts'
import { referenceNumber } from '#shared/domain/references.ts'
import type { Executor } from '#server/db/executor.ts'
import { readBlendDetail } from '#server/blends/blend-details.ts'
import { blendCounts, listBlendPage, listProjectPage, recentBlends } from '#server/blends/blend-lists.repo.ts'
import { blendBody, createBlend, oilsByName, seedJournal, versionBody } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { countedQueries as countQueriesOf } from '#tests/support/query-counter.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** Every blend of a user as the list rules see it, computed from the tables (no SQL filtering or sorting). */
async function fromScratch(ex: Executor, userId: string): Promise<(ListedBlend & { id: number })[]> {
  const [projects, versions, entries] = await Promise.all([
    ex.selectFrom('blend_projects').select(['id', 'name', 'number']).where('user_id', '=', userId).execute(),
    ex.selectFrom('blend_versions').select(['project_id', 'oil_names']).where('user_id', '=', userId).execute(),
    ex.selectFrom('journal_entries').select('project_id').where('user_id', '=', userId).execute(),
  ])
  return projects
    .filter((p) => versions.some((v) => v.project_id === p.id))
    .map((p) => ({
      id: p.id,
      name: p.name,
      referenceNumber: referenceNumber(p.number, 'a'),
      testCount: entries.filter((e) => e.project_id === p.id).length,
      oilNames: versions.filter((v) => v.project_id === p.id).flatMap((v) => v.oil_names.split('|')),
    }))
}

const NAMES = [
  'Blend 10',
  'Blend 2',
  'blend 2',
  'Émile',
  'emile',
  'Zest',
  'amber',
  '100% Pure_Joy',
  'Ñandú',
  'Blend 02',
  '  Spaced Out ',
  'zz top',
  'Amber',
  '日本の香り',
  'Blend 1',
]

describe.each(ENGINES)('blend list pages on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  let user: TestUser
  let other: TestUser
  beforeAll(async () => {
    t = await createTestApp(engine)
    oils = await oilsByName(t)
    user = await createUser(t)
    other = await createUser(t)
    // Numbers 995 to 1009 cross 999a/1000a; every third blend has tests.
    await seedJournal(
      t.db,
      user.userId,
      NAMES.map((name, i) => ({ name, tests: i % 3 === 0 ? i + 1 : 0 })),
      { firstNumber: 995 },
    )
    // Two through the API, one with an oil (Lemon) only in its version b.
    const lemon = await createBlend(t, user, blendBody(oils, { name: 'Morning Zest' }))
    await injectAs(t, user, 'POST', '/api/blend-versions', versionBody(oils, lemon.id))
    await createBlend(t, user, blendBody(oils, { name: 'Evening Calm', topNote: oils.Lemon!.id }))
    // Another user's blends never show.
    await createBlend(t, other, blendBody(oils, { name: 'Blend 3' }))
  })
  afterAll(async () => t.close())

  const get = async <T>(url: string, who: TestUser = user) => {
    const res = await injectAs(t, who, 'GET', url)
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res.json() as T
  }

  /** Every page of a list, following nextCursor; checks each page's size and that counts stay put. */
  async function allPages(params: Record<string, string>) {
    const items: BlendListItem[] = []
    let cursor: string | null = null
    let counts: BlendListPage['counts'] | undefined
    let pages = 0
    do {
      const query = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) })
      const page: BlendListPage = await get<BlendListPage>(`/api/blends?${query.toString()}`)
      expect(page.items.length).toBeLessThanOrEqual(Number(params.limit ?? 50))
      if (page.nextCursor) expect(page.items).toHaveLength(Number(params.limit ?? 50))
      counts ??= page.counts
      expect(page.counts).toEqual(counts)
      items.push(...page.items)
      cursor = page.nextCursor
      pages += 1
      expect(pages).toBeLessThan(100)
    } while (cursor)
    return { items, counts: counts! }
  }

  it.each(
    JOURNAL_SORTS.flatMap((sort) =>
      JOURNAL_TABS.flatMap((status) => ['', 'blend', 'LEMON', '%', 'zz'].map((q) => [sort, status, q] as const)),
    ),
  )('pages sort=%s status=%s q=%j with every blend exactly once, in the rules’ order', async (sort, status, q) => {
    const model = await fromScratch(t.db.kysely, user.userId)
    const expected = journalList(model, { search: q, sort, tab: status })
    const { items, counts } = await allPages({ sort, status, q, limit: '4' })
    expect(items.map((b) => b.id)).toEqual(expected.map((b) => b.id))
    expect(new Set(items.map((b) => b.id)).size).toBe(items.length)
    const matching = journalList(model, { search: q, sort, tab: 'all' })
    expect(counts).toEqual({
      all: matching.length,
      tested: matching.filter((b) => b.testCount > 0).length,
      untested: matching.filter((b) => b.testCount === 0).length,
    })
  })

  it('sorts 999a before 1000a, and names A-Z with case, accents and numbers as people read them', async () => {
    const byReference = (await allPages({ sort: 'reference', limit: '100' })).items
    expect(byReference.slice(0, 6).map((b) => b.referenceNumber)).toEqual(['995a', '996a', '997a', '998a', '999a', '1000a'])
    const byName = (await allPages({ sort: 'name', limit: '100' })).items.map((b) => b.name)
    // Numbers by value (1 < 2 = 02 < 10); equal keys (Blend 2, blend 2, Blend 02) by reference.
    expect(byName.slice(0, 9)).toEqual([
      '100% Pure_Joy',
      'amber',
      'Amber',
      'Blend 1',
      'Blend 2',
      'blend 2',
      'Blend 02',
      'Blend 10',
      'Émile',
    ])
    expect(byName.indexOf('emile')).toBe(byName.indexOf('Émile') + 1)
    expect(byName.indexOf('Ñandú')).toBeLessThan(byName.indexOf('Spaced Out'))
    expect(byName.at(-1)).toBe('日本の香り')
  })

  it('gives each item what the card shows, from its latest version, and no oil objects', async () => {
    const page = await get<BlendListPage>('/api/blends?q=morning%20zest')
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      name: 'Morning Zest',
      referenceNumber: expect.stringMatching(/^\d{3,}b$/),
      createdAt: expect.any(String),
      oils: { top: ['Bergamot', 'Lemon'], middle: ['Lavender'], base: ['Atlas Cedarwood'] },
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      versionCount: 2,
      testCount: 0,
      tested: false,
      recentRatings: [],
    })
    expect(page.nextCursor).toBeNull()
  })

  it('names the version a search matched when only an older one has the oil, and the latest otherwise', async () => {
    const [me] = [await createUser(t)]
    const grove = await createBlend(t, me, blendBody(oils, { name: 'Morning Grove', topNote: oils.Lemon!.id }))
    await injectAs(
      t,
      me,
      'POST',
      '/api/blend-versions',
      versionBody(oils, grove.id, { topOils: [{ id: oils.Bergamot!.id, name: 'Bergamot', percentage: 30 }] }),
    )
    await injectAs(
      t,
      me,
      'POST',
      '/api/blend-versions',
      versionBody(oils, grove.id, { middleOils: [{ id: oils['Clary Sage']!.id, name: 'Clary Sage', percentage: 50 }] }),
    )
    const only = async (q: string) => {
      const page = await get<BlendListPage>(`/api/blends?q=${encodeURIComponent(q)}`, me)
      expect(page.items).toHaveLength(1)
      return page.items[0]!
    }
    // Lemon: in a and c (c's top has Bergamot and Lemon), so the latest shows with no note.
    expect(await only('lemon')).toMatchObject({ referenceNumber: '001c' })
    expect((await only('lemon')).matchedReference).toBeUndefined()
    // Lavender is in a and b only: the card shows 001c and names 001b, the newest that has it.
    const lavender = await only('lavender')
    expect(lavender).toMatchObject({ referenceNumber: '001c', matchedReference: '001b', oils: { middle: ['Clary Sage'] } })
    // Clary Sage only in c; the name matches every version; no search names none.
    expect((await only('clary')).matchedReference).toBeUndefined()
    expect((await only('grove')).matchedReference).toBeUndefined()
    expect((await get<BlendListPage>('/api/blends', me)).items[0]).toMatchObject({ referenceNumber: '001c', versionCount: 3 })
    expect((await get<BlendListPage>('/api/blends', me)).items[0]!.matchedReference).toBeUndefined()
  })

  it('finds a blend by an oil only a later version has, and treats % and _ as plain characters', async () => {
    const names = async (q: string) => (await allPages({ q })).items.map((b) => b.name).sort()
    expect(await names('lemon')).toEqual(['Evening Calm', 'Morning Zest'])
    expect(await names('e_j')).toEqual(['100% Pure_Joy'])
    expect(await names('  ZEST ')).toEqual(['Morning Zest', 'Zest'])
    expect(await names('no such thing')).toEqual([])
  })

  it('answers a tampered cursor with 400 in the error shape', async () => {
    const first = await get<BlendListPage>('/api/blends?sort=name&limit=2')
    const nameCursor = first.nextCursor!
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const url of [
      '/api/blends?cursor=not%20base64!',
      `/api/blends?cursor=${b64({ a: 1 })}`,
      `/api/blends?cursor=${b64(['r'])}`,
      `/api/blends?cursor=${b64(['r', 'twelve'])}`,
      `/api/blends?cursor=${b64(['r', -1])}`,
      `/api/blends?cursor=${b64(['r', 1.5])}`,
      `/api/blends?cursor=${b64(['r', 1, 2])}`,
      `/api/blends?cursor=${nameCursor}`,
      `/api/blends?sort=name&cursor=${b64(['n', 5, 'x'])}`,
      `/api/blends?sort=name&cursor=${'A'.repeat(1201)}`,
      `/api/blends?cursor=${Buffer.from('{{{').toString('base64url')}`,
      `/api/blend-projects?cursor=${nameCursor}`,
      `/api/journal-entries?cursor=${nameCursor}`,
      `/api/journal-entries?after=1&cursor=${b64(['e', 1])}`,
      '/api/blends?limit=0',
      '/api/blends?limit=101',
      '/api/blends?sort=newest',
      '/api/blends?status=maybe',
      '/api/blends?search=lavender',
    ]) {
      const res = await injectAs(t, user, 'GET', url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error.code, url).toBe('VALIDATION_ERROR')
      expect(typeof res.json().error.message, url).toBe('string')
    }
  })

  it('counts per tab for the search', async () => {
    const all = await get<BlendListPage>('/api/blends?limit=1')
    const model = await fromScratch(t.db.kysely, user.userId)
    expect(all.counts).toEqual({
      all: model.length,
      tested: model.filter((b) => b.testCount > 0).length,
      untested: model.filter((b) => b.testCount === 0).length,
    })
    expect((await get<BlendListPage>('/api/blends?q=zest&status=tested')).counts).toEqual({ all: 2, tested: 0, untested: 2 })
  })

  it('keeps users apart: another user sees only their own blend', async () => {
    const page = await get<BlendListPage>('/api/blends', other)
    expect(page.items.map((b) => b.name)).toEqual(['Blend 3'])
    expect(page.counts).toEqual({ all: 1, tested: 0, untested: 1 })
    expect((await get<BlendListPage>('/api/blends?q=zest', other)).items).toEqual([])
  })
})

describe.each(ENGINES)('one blend, the summary and the spec’s lists on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const get = async <T>(who: TestUser, url: string) => {
    const res = await injectAs(t, who, 'GET', url)
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return { body: res.json() as T, headers: res.headers }
  }

  it('answers a blend with its project fields, versions with test counts, and its first 50 entries', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Deep Detail' }))
    const b = (await injectAs(t, me, 'POST', '/api/blend-versions', versionBody(oils, blend.id))).json() as { id: number }
    for (let i = 0; i < 3; i++) await injectAs(t, me, 'POST', '/api/journal-entries', { versionId: b.id, notes: `b ${i}` })
    await injectAs(t, me, 'POST', '/api/journal-entries', { versionId: blend.version.id, notes: 'a 0' })

    const { body } = await get<BlendDetail>(me, `/api/blends/${blend.id}`)
    expect(body).toMatchObject({
      id: blend.id,
      name: 'Deep Detail',
      description: null,
      blendNumber: 1,
      referenceNumber: '001a',
      versionCount: 2,
      testCount: 4,
      entriesNextCursor: null,
      copiedFromShare: false,
    })
    expect(body.versions.map((v) => [v.referenceNumber, v.testCount])).toEqual([
      ['001a', 1],
      ['001b', 3],
    ])
    expect(body.versions[1]!.topOils.map((o) => o.name)).toEqual(['Bergamot', 'Lemon'])
    expect(body.entries.map((e) => e.notes)).toEqual(['b 0', 'b 1', 'b 2', 'a 0'])
  })

  it('carries each blend’s latest ratings in the list, and every rating with its dates in the detail', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Maturing' }))
    const quiet = await createBlend(t, me, blendBody(oils, { name: 'Never Rated' }))
    const b = (await injectAs(t, me, 'POST', '/api/blend-versions', versionBody(oils, blend.id))).json() as { id: number }
    const test = async (versionId: number, dateTested: string, rating: number | null) => {
      const res = await injectAs(t, me, 'POST', '/api/journal-entries', { versionId, dateMade: '2025-03-01', dateTested, rating })
      expect(res.statusCode, res.body).toBe(201)
      return (res.json() as { id: number }).id
    }
    // Written out of order: the list orders by the date tested.
    await test(blend.version.id, '2025-03-10', 4)
    await test(blend.version.id, '2025-03-03', 2)
    await test(b.id, '2025-03-05', null)
    for (let day = 11; day <= 19; day++) await test(b.id, `2025-03-${day}`, (day % 5) + 1)
    await test(quiet.version.id, '2025-03-04', null)

    const { body: page } = await get<BlendListPage>(me, '/api/blends')
    const items = new Map(page.items.map((i) => [i.name, i]))
    // The latest 8 of 11 ratings, oldest first: 03-12 to 03-19.
    expect(items.get('Maturing')!.recentRatings).toEqual([3, 4, 5, 1, 2, 3, 4, 5])
    expect(items.get('Never Rated')!.recentRatings).toEqual([])

    const { body: detail } = await get<BlendDetail>(me, `/api/blends/${blend.id}`)
    expect(detail.ratings).toHaveLength(11)
    expect(detail.ratings.slice(0, 3)).toEqual([
      expect.objectContaining({ versionId: blend.version.id, dateMade: '2025-03-01', dateTested: '2025-03-03', rating: 2 }),
      expect.objectContaining({ versionId: blend.version.id, dateTested: '2025-03-10', rating: 4 }),
      expect.objectContaining({ versionId: b.id, dateTested: '2025-03-11', rating: 2 }),
    ])
    const { body: summary } = await get<MeSummary>(me, '/api/me/summary')
    expect(summary.recent.find((r) => r.id === blend.id)!.recentRatings).toEqual([3, 4, 5, 1, 2, 3, 4, 5])
  })

  it('pages a blend’s entries beyond the first 50 through GET /api/journal-entries', async () => {
    const me = await createUser(t)
    const [id] = await seedJournal(t.db, me.userId, [{ name: 'Much Tested', tests: 57 }])
    const { body } = await get<BlendDetail>(me, `/api/blends/${id}`)
    expect(body.entries).toHaveLength(50)
    expect(body.testCount).toBe(57)
    expect(body.entriesNextCursor).not.toBeNull()
    const rest = await get<JournalEntry[]>(me, `/api/journal-entries?projectId=${id}&cursor=${body.entriesNextCursor}`)
    expect(rest.body).toHaveLength(7)
    expect(rest.headers['x-next-cursor']).toBeUndefined()
    const ids = [...body.entries, ...rest.body].map((e) => e.id)
    expect(new Set(ids).size).toBe(57)
    expect(ids).toEqual([...ids].sort((x, y) => x - y))
  })

  it('answers several blends at once exactly as one at a time, in the order asked, leaving out what is not theirs (decision 039)', async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    const [many, few, none] = await seedJournal(t.db, me.userId, [
      { name: 'Much Tested', tests: 57 },
      { name: 'Twice', tests: 2 },
      { name: 'Untested', tests: 0 },
    ])
    const rated = await createBlend(t, me, blendBody(oils, { name: 'Rated' }))
    const b = (await injectAs(t, me, 'POST', '/api/blend-versions', versionBody(oils, rated.id))).json() as { id: number }
    for (const [versionId, rating] of [
      [rated.version.id, 4],
      [b.id, 2],
      [b.id, null],
    ] as const) {
      expect((await injectAs(t, me, 'POST', '/api/journal-entries', { versionId, rating, notes: `r ${rating}` })).statusCode).toBe(201)
    }
    const [theirs] = await seedJournal(t.db, other.userId, [{ name: 'Not Mine', tests: 1 }])
    const ids = [rated.id, none!, theirs!, many!, few!, 2147483647]
    const { body } = await get<BlendDetails>(me, `/api/blends/details?ids=${ids.join(',')}`)
    expect(body.items.map((d) => d.id)).toEqual([rated.id, none, many, few])
    for (const { batches, ...detail } of body.items) {
      expect(detail).toEqual((await get<BlendDetail>(me, `/api/blends/${detail.id}`)).body)
      expect(batches).toEqual({ items: [], nextCursor: null })
    }
    // GET /api/blends/{id} itself is unchanged: no batches (decision 055).
    expect((await get<BlendDetail>(me, `/api/blends/${rated.id}`)).body).not.toHaveProperty('batches')
    expect(body.items.find((d) => d.id === many)!.entriesNextCursor).not.toBeNull()
    expect(JSON.stringify(body)).not.toContain('Not Mine')
  })

  it('carries each blend’s first page of batches as GET /api/blends/{id}/batches answers it, and never another user’s (decision 055)', async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    const made = async (who: TestUser, blendId: number, madeOn: string) => {
      const res = await injectAs(t, who, 'POST', `/api/blends/${blendId}/batches`, {
        madeOn,
        productType: 'lotion',
        weight: 100,
        unit: 'g',
        oilPercentage: 2,
      })
      expect(res.statusCode).toBe(201)
      return res.json() as Batch
    }
    const busy = await createBlend(t, me, blendBody(oils, { name: 'Made Often' }))
    const once = await createBlend(t, me, blendBody(oils, { name: 'Made Once' }))
    const never = await createBlend(t, me, blendBody(oils, { name: 'Never Made' }))
    const theirs = await createBlend(t, other, blendBody(oils, { name: 'Their Soap' }))
    for (let day = 1; day <= BATCH_PAGE_SIZE + 1; day++) await made(me, busy.id, `2026-10-${String(day).padStart(2, '0')}`)
    const single = await made(me, once.id, '2026-11-02')
    const theirBatch = await made(other, theirs.id, '2026-11-03')

    const { body } = await get<BlendDetails>(me, `/api/blends/details?ids=${[never.id, theirs.id, busy.id, once.id].join(',')}`)
    expect(body.items.map((d) => d.id)).toEqual([never.id, busy.id, once.id])
    const [none, many, one] = body.items.map((d) => d.batches)
    expect(none).toEqual({ items: [], nextCursor: null })
    expect(one).toEqual({ items: [single], nextCursor: null })
    // Newest first, a page of the journal's size, and its cursor leads on to the rest.
    expect(many!.items).toHaveLength(BATCH_PAGE_SIZE)
    expect(many!.items.map((b) => b.madeOn)).toEqual(
      Array.from({ length: BATCH_PAGE_SIZE }, (_, i) => `2026-10-${String(BATCH_PAGE_SIZE + 1 - i).padStart(2, '0')}`),
    )
    expect(many).toEqual((await get<BatchList>(me, `/api/blends/${busy.id}/batches`)).body)
    const rest = await get<BatchList>(me, `/api/blends/${busy.id}/batches?cursor=${many!.nextCursor}`)
    expect(rest.body.items.map((b) => b.madeOn)).toEqual(['2026-10-01'])
    // Another user's batches never appear, whichever of them asks.
    expect(JSON.stringify(body)).not.toContain(theirBatch.code)
    expect(JSON.stringify(body)).not.toContain('Their Soap')
    const theirAnswer = (await get<BlendDetails>(other, `/api/blends/details?ids=${[busy.id, theirs.id].join(',')}`)).body
    expect(theirAnswer.items.map((d) => d.id)).toEqual([theirs.id])
    expect(theirAnswer.items[0]!.batches.items.map((b) => b.id)).toEqual([theirBatch.id])
  })

  it('answers a batch made or undone in the next GET /api/blends/details, not the cached one (decision 055)', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Soap Run' }))
    const url = `/api/blends/details?ids=${blend.id}`
    const batchesNow = async () => (await get<BlendDetails>(me, url)).body.items[0]!.batches.items.map((b) => b.id)
    expect(await batchesNow()).toEqual([])
    const made = await injectAs(t, me, 'POST', `/api/blends/${blend.id}/batches`, {
      madeOn: '2026-11-20',
      productType: 'lotion',
      weight: 500,
      unit: 'g',
      oilPercentage: 2,
    })
    expect(made.statusCode).toBe(201)
    const batch = made.json() as Batch
    expect(await batchesNow()).toEqual([batch.id])
    const label = await injectAs(t, me, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, {})
    expect(label.statusCode).toBe(200)
    expect((await get<BlendDetails>(me, url)).body.items[0]!.batches.items[0]!.label).not.toBeNull()
    expect((await injectAs(t, me, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
    expect(await batchesNow()).toEqual([])
  })

  it('refuses more than BLEND_DETAILS_MAX ids, and any id that is not one, in the error shape', async () => {
    const me = await createUser(t)
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',')
    expect((await injectAs(t, me, 'GET', `/api/blends/details?ids=${ids(BLEND_DETAILS_MAX)}`)).statusCode).toBe(200)
    for (const bad of [ids(BLEND_DETAILS_MAX + 1), '', '0', '1,,2', '1,', '1e3', '-1', '2147483648', '1;2', ' 1', 'a']) {
      const res = await injectAs(t, me, 'GET', `/api/blends/details?ids=${encodeURIComponent(bad)}`)
      expect(res.statusCode, `ids=${bad}`).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
    }
    expect((await injectAs(t, me, 'GET', '/api/blends/details')).statusCode).toBe(400)
  })

  it('answers 404 for another user’s blend, one that is gone, and a project without a version', async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    const mine = await createBlend(t, me, blendBody(oils, { name: 'Private' }))
    for (const url of [`/api/blends/${mine.id}`, '/api/blends/2147483647']) {
      const res = await injectAs(t, other, 'GET', url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.code).toBe('NOT_FOUND')
    }
    const empty = (await injectAs(t, me, 'POST', '/api/blend-projects', { name: 'Empty', description: null })).json() as { id: number }
    expect((await injectAs(t, me, 'GET', `/api/blends/${empty.id}`)).statusCode).toBe(404)
    expect((await injectAs(t, me, 'GET', '/api/blends/0')).statusCode).toBe(400)
  })

  it('pages by name through the longest names, a cursor each', async () => {
    const me = await createUser(t)
    const names = ['香'.repeat(120), `${'香'.repeat(119)}a`, '\uFDFA'.repeat(120), `${'9'.repeat(60)} ${'8'.repeat(59)}`]
    await seedJournal(
      t.db,
      me.userId,
      names.map((name) => ({ name })),
    )
    const seen: string[] = []
    let url = '/api/blends?sort=name&limit=1'
    for (;;) {
      const { body } = await get<BlendListPage>(me, url)
      seen.push(...body.items.map((b) => b.name))
      if (!body.nextCursor) break
      expect(body.nextCursor.length).toBeLessThanOrEqual(1200)
      url = `/api/blends?sort=name&limit=1&cursor=${body.nextCursor}`
    }
    expect([...seen].sort()).toEqual([...names].sort())
  })

  it('summarises for Home: counts and the five newest blends', async () => {
    const me = await createUser(t)
    expect((await get<MeSummary>(me, '/api/me/summary')).body).toEqual({ blendCount: 0, testedCount: 0, recent: [] })
    await seedJournal(
      t.db,
      me.userId,
      Array.from({ length: 8 }, (_, i) => ({ name: `Blend ${i + 1}`, tests: i % 2 })),
    )
    const { body } = await get<MeSummary>(me, '/api/me/summary')
    expect(body.blendCount).toBe(8)
    expect(body.testedCount).toBe(4)
    expect(body.recent.map((b) => b.name)).toEqual(['Blend 8', 'Blend 7', 'Blend 6', 'Blend 5', 'Blend 4'])
    expect(body.recent[0]).toMatchObject({ referenceNumber: '008a', tested: true, testCount: 1 })
  })

  it('pages /api/blend-projects and /api/journal-entries with limit and the x-next-cursor header', async () => {
    const me = await createUser(t)
    await seedJournal(
      t.db,
      me.userId,
      Array.from({ length: 5 }, (_, i) => ({ name: `P${i + 1}`, tests: 2 })),
    )
    const all = await get<BlendProject[]>(me, '/api/blend-projects')
    expect(all.body.map((p) => p.name)).toEqual(['P5', 'P4', 'P3', 'P2', 'P1'])
    expect(all.headers['x-next-cursor']).toBeUndefined()
    const seen: string[] = []
    let url = '/api/blend-projects?limit=2'
    for (;;) {
      const page = await get<BlendProject[]>(me, url)
      expect(page.body.length).toBeLessThanOrEqual(2)
      seen.push(...page.body.map((p) => p.name))
      expect(page.body.every((p) => p.versions.length === 1)).toBe(true)
      const next = page.headers['x-next-cursor']
      if (!next) break
      url = `/api/blend-projects?limit=2&cursor=${String(next)}`
    }
    expect(seen).toEqual(['P5', 'P4', 'P3', 'P2', 'P1'])

    const entries: number[] = []
    url = '/api/journal-entries?limit=3'
    for (;;) {
      const page = await get<JournalEntry[]>(me, url)
      entries.push(...page.body.map((e) => e.id))
      const next = page.headers['x-next-cursor']
      if (!next) break
      url = `/api/journal-entries?limit=3&cursor=${String(next)}`
    }
    expect(entries).toHaveLength(10)
    expect(new Set(entries).size).toBe(10)
    expect((await get<JournalEntry[]>(me, '/api/journal-entries')).body).toHaveLength(10)
  })
})

/**
 * The server keeps whole answers per user and URL while the user's data version is unchanged
 * (list-cache.ts). After each kind of write, every answer it serves must equal one computed from
 * scratch by the repository.
 */
describe.each(ENGINES)('answers after every kind of write on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser
  useTestApp(engine, (ctx) => ({ t, oils, user } = ctx))

  const call = (method: string, url: string, payload?: unknown) => injectAs(t, user, method, url, payload)

  async function expectFresh(blendId: number | null) {
    const ex = t.db.kysely
    const served = {
      list: (await call('GET', '/api/blends')).json(),
      search: (await call('GET', '/api/blends?q=lemon&sort=name')).json(),
      tested: (await call('GET', '/api/blends?status=tested')).json(),
      projects: (await call('GET', '/api/blend-projects')).json(),
      summary: (await call('GET', '/api/me/summary')).json(),
      detail: blendId === null ? null : (await call('GET', `/api/blends/${blendId}`)).json(),
    }
    const counts = await blendCounts(ex, user.userId)
    const fresh = {
      list: await listBlendPage(ex, user.userId, { sort: 'reference', status: 'all', limit: 50 }),
      search: await listBlendPage(ex, user.userId, { q: 'lemon', sort: 'name', status: 'all', limit: 50 }),
      tested: await listBlendPage(ex, user.userId, { sort: 'reference', status: 'tested', limit: 50 }),
      projects: (await listProjectPage(ex, user.userId, { limit: 100 })).projects,
      summary: { blendCount: counts.all, testedCount: counts.tested, recent: await recentBlends(ex, user.userId, 5) },
      detail:
        blendId === null
          ? null
          : ((await readBlendDetail(ex, user.userId, blendId)) ?? { error: { code: 'NOT_FOUND', message: 'Blend not found' } }),
    }
    expect(served).toEqual(JSON.parse(JSON.stringify(fresh)))
    return served as {
      list: BlendListPage
      search: BlendListPage
      tested: BlendListPage
      projects: BlendProject[]
      summary: MeSummary
      detail: BlendDetail
    }
  }

  it('shows each write in the next answer', async () => {
    const first = await createBlend(t, user, blendBody(oils))
    await createBlend(t, user, blendBody(oils, { name: 'Morning Zest' }))
    await expectFresh(first.id)

    // A new version: version count, the search by an oil of any version.
    expect((await call('POST', '/api/blend-versions', versionBody(oils, first.id))).statusCode).toBe(201)
    let s = await expectFresh(first.id)
    expect(s.search.items.map((b) => b.name)).toEqual(['Evening Calm'])

    // The same name saved again adds a version too.
    expect((await call('POST', '/api/blends', blendBody(oils, { notes: 'Third' }))).statusCode).toBe(201)
    s = await expectFresh(first.id)
    expect(s.detail.versions).toHaveLength(3)

    // A rename moves it in the name order.
    expect((await call('PATCH', `/api/blends/${first.id}`, { name: 'Zesty Evening' })).statusCode).toBe(200)
    s = await expectFresh(first.id)
    expect(s.search.items.map((b) => b.name)).toEqual(['Zesty Evening'])

    // A version's notes.
    expect((await call('PATCH', `/api/blend-versions/${first.version.id}`, { formulationNotes: 'Rested a week' })).statusCode).toBe(200)
    s = await expectFresh(first.id)
    expect(s.detail.versions[0]!.formulationNotes).toBe('Rested a week')

    // A test entry: the tab, the counts, the detail's entries.
    const entry = await call('POST', '/api/journal-entries', { versionId: first.version.id, rating: 4 })
    expect(entry.statusCode).toBe(201)
    s = await expectFresh(first.id)
    expect(s.tested.items.map((b) => b.id)).toEqual([first.id])
    expect(s.summary.testedCount).toBe(1)

    // An entry's rating.
    expect((await call('PATCH', `/api/journal-entries/${entry.json().id}`, { rating: 2 })).statusCode).toBe(200)
    s = await expectFresh(first.id)
    expect(s.detail.entries[0]!.rating).toBe(2)

    // An empty project, then a delete.
    expect((await call('POST', '/api/blend-projects', { name: 'Empty', description: null })).statusCode).toBe(201)
    s = await expectFresh(first.id)
    expect(s.projects).toHaveLength(3)
    expect((await call('DELETE', `/api/blends/${first.id}`)).statusCode).toBe(204)
    s = await expectFresh(first.id)
    expect(s.list.items.map((b) => b.name)).toEqual(['Morning Zest'])
    expect(s.summary.blendCount).toBe(1)
  })
})

/**
 * Timing budgets depend on the machine; the number of queries does not. Each answer costs the
 * same few queries for 2 blends or 200, so a query per blend cannot creep in.
 */
describe.each(ENGINES)('queries per answer on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx))

  const countedQueries = (work: () => Promise<unknown>) => countQueriesOf(t, work)

  async function queriesFor(user: TestUser, blendId: number) {
    const ok = async (url: string) => {
      const res = await injectAs(t, user, 'GET', url)
      expect(res.statusCode, url).toBe(200)
    }
    // The guard re-checks a session every few seconds: a request just before keeps that out of the count.
    const counted = async (work: () => Promise<unknown>) => {
      await ok('/api/next-reference-number')
      return countedQueries(work)
    }
    return {
      page: await counted(() => ok('/api/blends?limit=20')),
      search: await counted(() => ok('/api/blends?q=lavender&sort=name&status=untested&limit=20')),
      repeat: await counted(() => ok('/api/blends?limit=20')),
      detail: await counted(() => ok(`/api/blends/${blendId}`)),
      details: await counted(() =>
        ok(`/api/blends/details?ids=${Array.from({ length: BLEND_DETAILS_MAX }, (_, i) => blendId + i).join(',')}`),
      ),
      summary: await counted(() => ok('/api/me/summary')),
      projects: await counted(() => ok('/api/blend-projects?limit=20')),
      entries: await counted(() => ok(`/api/journal-entries?projectId=${blendId}`)),
    }
  }

  it('answers a page, a blend and the summary in the same few queries for 2 blends or 200', async () => {
    const [few, many] = [await createUser(t), await createUser(t)]
    const [fewId] = await seedJournal(
      t.db,
      few.userId,
      Array.from({ length: 2 }, (_, i) => ({ name: `Blend ${i}`, tests: 1 })),
    )
    const [manyId] = await seedJournal(
      t.db,
      many.userId,
      Array.from({ length: 200 }, (_, i) => ({ name: `Blend ${i}`, tests: 3 })),
    )
    const a = await queriesFor(few, fewId!)
    const b = await queriesFor(many, manyId!)
    // The data version, then: the page, the counts and the page's recent ratings (none asked for
    // an empty page, as the search's is); the project, versions, test counts, entries and ratings;
    // the counts, the newest and their ratings; the projects and their versions; the entries. A
    // repeat is answered from the cache after the data version alone.
    // Up to BLEND_DETAILS_MAX blends at once cost what one does, and one more for all their
    // batches (decision 055).
    expect(a).toEqual({ page: 4, search: 3, repeat: 1, detail: 6, details: 7, summary: 4, projects: 3, entries: 2 })
    expect(b).toEqual(a)
  })
})
