import 'fake-indexeddb/auto'
import { dehydrate, QueryClient, type InfiniteData } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { BlendDetail, BlendListPage } from '#shared/api/blend-list.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { Batch, BatchList } from '#shared/api/shelf.ts'
import {
  OFFLINE_BLENDS_MAX,
  OFFLINE_BUDGET_BYTES,
  OFFLINE_LIMITS,
  serialisedBytes,
  type BoundLimits,
} from '#client/lib/offline/cache-bound.ts'
import { clearDeviceDb, deviceDb } from '#client/lib/offline/device-db.ts'
import { DeviceStore } from '#client/lib/offline/device-store.ts'

/**
 * The offline cache's size for OFFLINE_BLENDS_MAX blends (docs/quality.md, "Offline cache"):
 * 200 realistic blends filled in as GET /api/blends/details answers them, with the journal's
 * list pages, dehydrated as the device saves them. Run with OFFLINE_CACHE_REPORT=1 to print it.
 */

const NOTE = 'Bright bergamot top settles into lavender after an hour; the cedarwood holds it through the evening. '
const oil = (id: number, name: string, percentage: number) => ({ id, name, percentage })
const layers = {
  topOils: [oil(1, 'Bergamot', 20), oil(2, 'Lemon', 10)],
  middleOils: [oil(3, 'Lavender', 35), oil(4, 'Geranium', 15)],
  baseOils: [oil(5, 'Atlas Cedarwood', 20)],
}
const tracking = { tested: true, maturationPeriod: 48, maturationComplete: true, crossContaminationPrevented: true, weighedInGrams: false }

/** A blend as a maker's journal holds it: `versions` versions, `tests` test entries each rated with a note. */
function blend(id: number, versions: number, tests: number): BlendDetail {
  const number = String(id).padStart(3, '0')
  const versionRows = Array.from({ length: versions }, (_, v) => ({
    id: id * 10 + v,
    projectId: id,
    versionLetter: String.fromCharCode(97 + v),
    referenceNumber: `${number}${String.fromCharCode(97 + v)}`,
    ...layers,
    accords: [],
    ownOils: null,
    effects: ['Relaxing', 'Uplifting'] as BlendDetail['versions'][number]['effects'],
    formulationNotes: NOTE,
    dateMade: '2026-10-01T09:00:00.000Z',
    dateTested: null,
    testingNotes: null,
    rating: null,
    ...tracking,
    createdAt: '2026-10-01T09:00:00.000Z',
    testCount: Math.ceil(tests / versions),
  }))
  const entries: JournalEntry[] = Array.from({ length: tests }, (_, t) => ({
    id: id * 100 + t,
    versionId: versionRows[t % versions]!.id,
    projectId: id,
    referenceNumber: `TB-${number}a-${String(t + 1).padStart(3, '0')}`,
    blendName: `Evening Blend ${id}`,
    dateMade: '2026-10-01',
    dateTested: '2026-10-08',
    batchId: null,
    notes: NOTE,
    rating: (t % 5) + 1,
    ...tracking,
    ...layers,
    createdAt: '2026-10-08T18:00:00.000Z',
  }))
  return {
    id,
    name: `Evening Blend ${id}`,
    description: 'A calm blend for the evening, soft and woody.',
    blendNumber: id,
    createdAt: '2026-10-01T09:00:00.000Z',
    referenceNumber: `${number}a`,
    versionCount: versions,
    testCount: tests,
    versions: versionRows,
    entries,
    entriesNextCursor: null,
    copiedFromShare: false,
    ratings: entries.map((e) => ({
      entryId: e.id,
      versionId: e.versionId,
      dateMade: e.dateMade,
      dateTested: e.dateTested,
      rating: e.rating!,
    })),
  }
}

/** A blend's first page of batches as GET /api/blends/details carries it (decision 055): `count` lotions of its five oils, priced. */
function batchPage(id: number, count: number): InfiniteData<BatchList> {
  const oils = [...layers.topOils, ...layers.middleOils, ...layers.baseOils].map((o) => ({
    oilId: o.id,
    oilName: o.name,
    grams: 1.23,
    ml: 1.37,
    shortMl: 0,
    cost: 0.42,
  }))
  const items = Array.from({ length: count }, (_, b): Batch => ({
    id: id * 100 + b,
    projectId: id,
    versionId: id * 10,
    reference: `${String(id).padStart(3, '0')}a`,
    code: `261001-${b + 1}`,
    madeOn: '2026-10-01',
    productType: 'lotion',
    weight: 500,
    unit: 'g',
    oilPercentage: 2,
    units: 10,
    oils,
    totalCost: 2.1,
    costIsPartial: false,
    costPerUnit: 0.21,
    currency: 'EUR',
    createdAt: '2026-10-01T09:00:00.000Z',
    label: { savedAt: '2026-10-01T09:05:00.000Z', complete: true, declared: ['Linalool', 'Limonene', 'Geraniol'] },
  }))
  return { pages: [{ items, nextCursor: null }], pageParams: [null] }
}

function listPages(count: number): InfiniteData<BlendListPage> {
  const items = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Evening Blend ${i + 1}`,
    referenceNumber: `${String(i + 1).padStart(3, '0')}a`,
    createdAt: '2026-10-01T09:00:00.000Z',
    oils: { top: ['Bergamot', 'Lemon'], middle: ['Lavender', 'Geranium'], base: ['Atlas Cedarwood'] },
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
    versionCount: 2,
    testCount: 6,
    tested: true,
    recentRatings: [3, 4, 4, 5, 4, 5],
  }))
  const pages = []
  for (let i = 0; i < count; i += 50)
    pages.push({ items: items.slice(i, i + 50), nextCursor: null, counts: { all: count, tested: count, untested: 0 } })
  return { pages, pageParams: pages.map(() => null) }
}

async function measure(
  versions: number,
  tests: number,
  batches: number,
  limits: BoundLimits = { blends: Infinity, lists: Infinity, bytes: Infinity },
) {
  const queryClient = new QueryClient()
  for (let id = 1; id <= OFFLINE_BLENDS_MAX; id++) {
    queryClient.setQueryData(['/api/blends', 'detail', id], blend(id, versions, tests), { updatedAt: id })
    queryClient.setQueryData(['/api/shelf', 'batches', id], batchPage(id, batches), { updatedAt: id })
  }
  queryClient.setQueryData(['/api/blends', 'list', { q: '', sort: 'reference', status: 'all' }], listPages(OFFLINE_BLENDS_MAX))
  const state = dehydrate(queryClient)
  const bytes = serialisedBytes(state)
  // The device keeps one record per query (decision 065), as the device worker writes them.
  const store = new DeviceStore('u1', 'x', limits)
  // Each query as fetched (blend n at n ms): the bound counts the newest as the most recent.
  await store.put(
    state.queries.map((q) => ({ hash: q.queryHash, queryKey: q.queryKey, data: q.state.data, dataUpdatedAt: q.state.dataUpdatedAt })),
  )
  const stored = await (await deviceDb()).getAllFromIndex('saved', 'userId', 'u1')
  const perBlend = Math.round(serialisedBytes(blend(1, versions, tests)) + serialisedBytes(batchPage(1, batches)))
  return { queryClient, bytes, stored: stored.length, perBlend }
}

afterEach(async () => {
  await clearDeviceDb()
})

describe('the offline cache for 200 blends (docs/quality.md)', () => {
  it('stays well within the storage budget for typical blends (2 versions, 6 tests, 3 batches each)', async () => {
    const { bytes, stored, perBlend } = await measure(2, 6, 3)
    if (process.env.OFFLINE_CACHE_REPORT) console.log(`200 typical blends: ${bytes} bytes (${perBlend} per blend)`)
    // Each blend's details and its batches, and the list.
    expect(stored).toBe(2 * OFFLINE_BLENDS_MAX + 1)
    expect(bytes).toBeLessThan(OFFLINE_BUDGET_BYTES / 2)
  })

  it('keeps within the budget even for blends as full as a detail gets, by dropping the least recent', async () => {
    // 4 versions, 50 entries (all that GET /api/blends/{id} carries) and a full page of 20 batches each,
    // bounded on the device as the device worker bounds it (device-store.ts, decision 065).
    const { bytes, perBlend } = await measure(4, 50, 20, OFFLINE_LIMITS)
    if (process.env.OFFLINE_CACHE_REPORT) console.log(`200 full blends: ${bytes} bytes (${perBlend} per blend)`)
    const stored = await (await deviceDb()).getAllFromIndex('saved', 'userId', 'u1')
    const after = stored.reduce((sum, q) => sum + q.bytes, 0)
    const details = stored.filter((q) => q.queryKey[1] === 'detail')
    if (process.env.OFFLINE_CACHE_REPORT) console.log(`after the bound: ${after} bytes, ${details.length} blends`)
    expect(details.length).toBeLessThan(OFFLINE_BLENDS_MAX)
    expect(after).toBeLessThanOrEqual(OFFLINE_BUDGET_BYTES + serialisedBytes(listPages(OFFLINE_BLENDS_MAX)) + 100_000)
    // The newest blends are the ones kept.
    expect(details.map((q) => q.queryKey[2])).toContain(OFFLINE_BLENDS_MAX)
    // A blend goes with its batches: none is left without the other.
    expect(stored.filter((q) => q.queryKey[0] === '/api/shelf' && q.queryKey[1] === 'batches')).toHaveLength(details.length)
  })
})
