import { vi } from 'vitest'
import type { BlendDetail, BlendDetailVersion, BlendListItem, BlendListPage } from '#shared/api/blend-list.ts'
import type { BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { MeSummary } from '#shared/api/me.ts'
import { JOURNAL_SORTS, JOURNAL_TABS, journalList, type JournalSort, type JournalTab } from '#shared/domain/journal-list.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

/**
 * The user's blends served the way the server serves them, for component tests: GET /api/blends
 * searches, sorts, filters and pages by the rules of src/shared/domain/journal-list.ts (the server
 * does the same in SQL, checked in src/server/blends/blend-lists.test.ts); GET /api/blends/{id},
 * GET /api/me/summary, PATCH and DELETE /api/blends/{id} and POST /api/blends/{id}/restore work on
 * the same blends; the shelf (GET /api/shelf/oils) and each blend's batches (GET /api/blends/{id}/batches)
 * answer empty. Any other route,
 * or one of these to answer differently, comes from `routes` (fakeFetch's replies).
 */

/** A blend as the fake holds it: its list item, every oil name of every version (the search), and its detail. */
export type FakeBlend = BlendListItem & { oilNames: string[]; detail?: BlendDetail }

/** A list item; the reference follows the id (id 2: 002a). */
export function listItem(overrides: Partial<FakeBlend> & Pick<FakeBlend, 'id' | 'name'>): FakeBlend {
  const testCount = overrides.testCount ?? 0
  return {
    referenceNumber: `${String(overrides.id).padStart(3, '0')}a`,
    createdAt: '2025-03-01T10:00:00.000Z',
    oils: { top: ['Lemon'], middle: ['Lavender'], base: ['Atlas Cedarwood'] },
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
    versionCount: 1,
    oilNames: ['lemon', 'lavender', 'atlas cedarwood'],
    recentRatings: [],
    ...overrides,
    testCount,
    tested: testCount > 0,
  }
}

/** A blend's detail from its list item, versions and entries (each version's test count from the entries). */
export function detailOf(
  item: BlendListItem,
  versions: BlendVersion[],
  entries: JournalEntry[] = [],
  entriesNextCursor: string | null = null,
): BlendDetail {
  const withCounts: BlendDetailVersion[] = versions.map((v) => ({ ...v, testCount: entries.filter((e) => e.versionId === v.id).length }))
  return {
    id: item.id,
    name: item.name,
    description: null,
    blendNumber: item.id,
    createdAt: item.createdAt,
    referenceNumber: item.referenceNumber,
    versionCount: versions.length,
    testCount: entries.length,
    versions: withCounts,
    entries,
    entriesNextCursor,
    copiedFromShare: false,
    ratings: entries.flatMap((e) =>
      e.rating === null
        ? []
        : [{ entryId: e.id, versionId: e.versionId, dateMade: e.dateMade, dateTested: e.dateTested, rating: e.rating }],
    ),
  }
}

const strip = ({ oilNames: _names, detail: _detail, ...item }: FakeBlend): BlendListItem => item

/** A blend as POST and PATCH /api/blends answer it (SavedBlendSchema): one oil per layer, none here. */
const saved = (blend: FakeBlend): SavedBlend => ({
  id: blend.id,
  name: blend.name,
  topNote: null,
  middleNote: null,
  baseNote: null,
  topPercentage: blend.topPercentage,
  middlePercentage: blend.middlePercentage,
  basePercentage: blend.basePercentage,
  effects: [],
  notes: null,
  createdAt: blend.createdAt,
  referenceNumber: blend.referenceNumber,
  versionCount: blend.versionCount,
  testCount: blend.testCount,
  oilNames: blend.oilNames,
})

export function fakeBlendsApi(blends: FakeBlend[], routes: Parameters<typeof fakeFetch>[0] = {}) {
  const state = blends.map((b) => ({ ...b }))
  /** Deleted blends, for POST /api/blends/{id}/restore. */
  const deleted = new Map<number, FakeBlend>()
  // The calculator and the journal also read the shelf and a blend's batches: empty unless `routes` says otherwise.
  // Home's Ready list (decision 038): nothing ready unless `routes` says otherwise.
  const all = {
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/shelf/oils': json({ items: [], currency: null }),
    'GET /api/me/ready': json({ items: [], count: 0 }),
    ...routes,
  }
  const base = fakeFetch(all)
  const inner = base.fetchMock
  /** The query of each GET /api/blends, in order. */
  const listQueries: URLSearchParams[] = []

  function page(query: URLSearchParams): BlendListPage {
    const q = query.get('q') ?? ''
    const sort = (query.get('sort') ?? 'reference') as JournalSort
    const status = (query.get('status') ?? 'all') as JournalTab
    if (!JOURNAL_SORTS.includes(sort) || !JOURNAL_TABS.includes(status)) throw new Error(`bad list query ${query.toString()}`)
    const limit = Number(query.get('limit') ?? 50)
    const offset = Number(query.get('cursor')?.replace(/^o/, '') ?? 0)
    const list = journalList(state, { search: q, sort, tab: status })
    const matching = journalList(state, { search: q, sort, tab: 'all' })
    const rows = list.slice(offset, offset + limit)
    return {
      items: rows.map(strip),
      nextCursor: offset + limit < list.length ? `o${offset + limit}` : null,
      counts: {
        all: matching.length,
        tested: matching.filter((b) => b.testCount > 0).length,
        untested: matching.filter((b) => b.testCount === 0).length,
      },
    }
  }

  const notFound = () => json({ error: { code: 'NOT_FOUND', message: 'Blend not found' } }, 404)

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const key = `${method} ${url.pathname}`
    if (key in all) return inner(input, init)
    const restoreId = Number(/^\/api\/blends\/(\d+)\/restore$/.exec(url.pathname)?.[1] ?? Number.NaN)
    const id = Number(/^\/api\/blends\/(\d+)$/.exec(url.pathname)?.[1] ?? Number.NaN)
    const blend = state.find((b) => b.id === id)
    // Recorded like fakeFetch's calls, so callsTo sees them.
    base.calls.push({
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    })
    if (key === 'GET /api/blends') {
      listQueries.push(url.searchParams)
      return json(page(url.searchParams))
    }
    if (key === 'GET /api/me/summary') {
      const recent = [...state]
        .sort((a, b) => b.id - a.id)
        .slice(0, 5)
        .map(strip)
      return json({ blendCount: state.length, testedCount: state.filter((b) => b.testCount > 0).length, recent } satisfies MeSummary)
    }
    if (method === 'GET' && /^\/api\/blends\/\d+\/batches$/.test(url.pathname)) return json({ items: [], nextCursor: null })
    // No blend uses another as an accord unless `routes` says otherwise (decision 073).
    if (method === 'GET' && /^\/api\/blends\/\d+\/accord-uses$/.test(url.pathname)) return json({ blends: [] })
    if (method === 'GET' && !Number.isNaN(id)) return blend?.detail ? json(blend.detail) : notFound()
    if (method === 'PATCH' && !Number.isNaN(id)) {
      if (!blend) return notFound()
      const name = String((JSON.parse(String(init.body)) as { name: string }).name).trim()
      blend.name = name
      if (blend.detail) blend.detail = { ...blend.detail, name }
      return json(saved(blend))
    }
    if (method === 'DELETE' && !Number.isNaN(id)) {
      if (!blend) return notFound()
      state.splice(state.indexOf(blend), 1)
      deleted.set(blend.id, blend)
      return new Response(null, { status: 204 })
    }
    if (method === 'POST' && !Number.isNaN(restoreId)) {
      const gone = deleted.get(restoreId)
      if (!gone) return notFound()
      deleted.delete(restoreId)
      state.push(gone)
      return new Response(null, { status: 204 })
    }
    throw new Error(`Unexpected request: ${key}`)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { ...base, fetchMock, listQueries, blends: state }
}
