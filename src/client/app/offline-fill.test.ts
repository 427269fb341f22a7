import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BLEND_DETAILS_MAX, type BlendDetail, type BlendDetailWithBatches, type BlendListPage } from '#shared/api/blend-list.ts'
import type { Batch, BatchList } from '#shared/api/shelf.ts'
import { listedBlendIds, nextToFill, startOfflineFill } from '#client/app/offline-fill.ts'
import { batchesKey } from '#client/lib/batches.ts'
import { blendDetailKey, blendListKey } from '#client/lib/blend-queries.ts'
import { OFFLINE_BLENDS_MAX } from '#client/lib/offline/cache-bound.ts'
import { SETTINGS_QUERY_KEY, SHELF_OILS_KEY } from '#client/lib/shelf-queries.ts'
import { PICKER_PAGE_SIZE } from '#client/features/calculator/components/blend-combobox.tsx'
import { BOTTLES_KEY } from '#client/features/shelf/api/bottles.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { signInEachTest } from '#client/testing/signed-in.tsx'

const page = (ids: number[]): BlendListPage =>
  ({
    items: ids.map((id) => ({ id })),
    nextCursor: null,
    counts: { all: ids.length, tested: 0, untested: ids.length },
  }) as unknown as BlendListPage
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

function withLists(...lists: { q: string; pages: number[][]; at: number }[]) {
  const queryClient = new QueryClient()
  for (const list of lists) {
    queryClient.setQueryData(
      blendListKey({ q: list.q, sort: 'reference', status: 'all' }),
      { pages: list.pages.map(page), pageParams: list.pages.map(() => null) },
      { updatedAt: list.at },
    )
  }
  return queryClient
}

describe('filling the device with what the journal listed (decision 039)', () => {
  it('takes the listed blends once each, the most recently loaded list first, every page of it', () => {
    const queryClient = withLists({ q: '', pages: [[1, 2], [3]], at: 10 }, { q: 'rose', pages: [[3, 7]], at: 20 })
    expect(listedBlendIds(queryClient)).toEqual([3, 7, 1, 2])
  })

  it('asks for at most one request of missing details, skipping those on the device or already asked for', () => {
    const queryClient = withLists({ q: '', pages: [range(1, 50)], at: 10 })
    queryClient.setQueryData(blendDetailKey(2), { id: 2 })
    queryClient.setQueryData(batchesKey(2), { pages: [], pageParams: [] })
    // Blend 3 was opened but its batches never read: asked for again, for them (decision 055).
    queryClient.setQueryData(blendDetailKey(3), { id: 3 })
    const first = nextToFill(queryClient, new Set([1]))
    expect(first).toHaveLength(BLEND_DETAILS_MAX)
    expect(first.slice(0, 3)).toEqual([3, 4, 5])
    expect(nextToFill(queryClient, new Set(range(1, 50)))).toEqual([])
  })

  it('never fills beyond the bound of blends the device keeps', () => {
    const queryClient = withLists({ q: '', pages: [range(1, OFFLINE_BLENDS_MAX + 30)], at: 10 })
    const tried = new Set<number>()
    const asked: number[] = []
    for (let ids = nextToFill(queryClient, tried); ids.length > 0; ids = nextToFill(queryClient, tried)) {
      for (const id of ids) tried.add(id)
      asked.push(...ids)
    }
    expect(asked).toEqual(range(1, OFFLINE_BLENDS_MAX))
  })
})

const batch = (id: number, projectId: number, madeOn: string): Batch => ({
  id,
  projectId,
  versionId: projectId * 10,
  reference: `00${projectId}a`,
  code: `${madeOn.replaceAll('-', '').slice(2)}-1`,
  madeOn,
  productType: 'lotion',
  weight: 500,
  unit: 'g',
  oilPercentage: 2,
  units: null,
  oils: [],
  totalCost: null,
  costIsPartial: false,
  costPerUnit: null,
  currency: null,
  createdAt: `${madeOn}T10:00:00.000Z`,
  label: null,
})

const detail = (id: number, batches: BatchList): BlendDetailWithBatches => ({
  id,
  name: `Blend ${id}`,
  description: null,
  blendNumber: id,
  createdAt: '2026-10-01T09:00:00.000Z',
  referenceNumber: `00${id}a`,
  versionCount: 0,
  testCount: 0,
  versions: [],
  entries: [],
  entriesNextCursor: null,
  copiedFromShare: false,
  ratings: [],
  batches,
})

describe('the fill seeds each blend’s batches for the add-test form offline (decision 055)', () => {
  signInEachTest({ popovers: false })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A device whose screens' first reads are in already, listing blends 1 and 2, the fill started. */
  async function fill(prepare: (queryClient: QueryClient) => void) {
    vi.useFakeTimers()
    const queryClient = withLists({ q: '', pages: [[1, 2]], at: 10 })
    for (const key of [SHELF_OILS_KEY, SETTINGS_QUERY_KEY, BOTTLES_KEY]) queryClient.setQueryData(key, {})
    queryClient.setQueryData(blendListKey({ q: '', sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE }), {
      pages: [page([])],
      pageParams: [null],
    })
    prepare(queryClient)
    const answer = {
      items: [
        detail(1, { items: [batch(12, 1, '2026-11-20'), batch(11, 1, '2026-11-02')], nextCursor: 'WyJiYXRjaCIsMTFd' }),
        detail(2, { items: [batch(21, 2, '2026-11-01')], nextCursor: null }),
      ],
    }
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'GET /api/blends/details': json(answer) })
    const stop = startOfflineFill(queryClient)
    // The settling pause and the idle wait, then the request's answer.
    await vi.advanceTimersByTimeAsync(4000)
    await vi.waitFor(() => expect(queryClient.getQueryData(blendDetailKey(1))).toBeDefined(), { timeout: 5000, interval: 50 })
    stop()
    return { queryClient, api }
  }

  it('puts each blend’s first page of batches where the journal’s batch list reads it, marked stale, and the details without them', async () => {
    const { queryClient, api } = await fill(() => {})
    expect(api.callsTo('GET /api/blends/details')).toHaveLength(1)
    expect(queryClient.getQueryData<InfiniteData<BatchList>>(batchesKey(1))).toEqual({
      pages: [{ items: [batch(12, 1, '2026-11-20'), batch(11, 1, '2026-11-02')], nextCursor: 'WyJiYXRjaCIsMTFd' }],
      pageParams: [null],
    })
    expect(queryClient.getQueryData<InfiniteData<BatchList>>(batchesKey(2))?.pages[0]?.items.map((b) => b.id)).toEqual([21])
    // Stale like every filled answer: online, the form fetches it again when it opens.
    expect(queryClient.getQueryState(batchesKey(1))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryData<BlendDetail>(blendDetailKey(1))).not.toHaveProperty('batches')
  })

  it('leaves a batch list the device already has as it is', async () => {
    const own = { pages: [{ items: [batch(13, 2, '2026-11-25'), batch(21, 2, '2026-11-01')], nextCursor: null }], pageParams: [null] }
    const { queryClient } = await fill((q) => q.setQueryData(batchesKey(2), own))
    expect(queryClient.getQueryData(batchesKey(2))).toEqual(own)
    expect(queryClient.getQueryState(batchesKey(2))?.isInvalidated).toBe(false)
    expect(queryClient.getQueryData(blendDetailKey(2))).toMatchObject({ id: 2, name: 'Blend 2' })
  })
})
