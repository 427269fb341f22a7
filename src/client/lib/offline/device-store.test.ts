import 'fake-indexeddb/auto'
import { hashKey, type QueryKey } from '@tanstack/query-core'
import { afterEach, describe, expect, it } from 'vitest'
import { BLEND_DETAILS_MAX } from '#shared/api/blend-list.ts'
import type { BlendVersion } from '#shared/api/blends.ts'
import { batchesKey } from '#client/lib/batches.ts'
import { accordUse, at, versionWithAccords } from '#client/testing/api-fixtures.ts'
import { CATALOG } from '#tests/support/oil-fixtures.ts'
import { blendDetailKey, blendListKey } from '#client/lib/blend-queries.ts'
import { clearDeviceDb, deviceDb } from '#client/lib/offline/device-db.ts'
import { batchesKeyOf, detailKey, DeviceStore, FILL_BATCH, SAVED_QUERIES_MAX_AGE_MS } from '#client/lib/offline/device-store.ts'

const q = (queryKey: QueryKey, data: unknown, dataUpdatedAt: number) => ({ hash: hashKey(queryKey), queryKey, data, dataUpdatedAt })
const detail = (id: number, at: number, testCount = 1) =>
  q(detailKey(id), { id, name: `Blend ${id}`, referenceNumber: `${id}a`, versionCount: 1, testCount }, at)
const batches = (id: number, at: number) => q(batchesKeyOf(id), { pages: [{ items: [], nextCursor: null }], pageParams: [null] }, at)
const list = (ids: number[], at: number, testCount = 1, search = '') =>
  q(
    blendListKey({ q: search, sort: 'reference', status: 'all' }),
    {
      pages: [{ items: ids.map((id) => ({ id, name: `Blend ${id}`, referenceNumber: `${id}a`, versionCount: 1, testCount })) }],
      pageParams: [null],
    },
    at,
  )
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const saved = async (userId = 'u1') => (await (await deviceDb()).getAllFromIndex('saved', 'userId', userId)).map((r) => r.hash)

afterEach(async () => {
  await clearDeviceDb()
})

describe('the device copy (decision 065)', () => {
  it('names the same queries as the app, and asks the server for as many blends as it answers', () => {
    expect(detailKey(7)).toEqual([...blendDetailKey(7)])
    expect(batchesKeyOf(7)).toEqual([...batchesKey(7)])
    expect(FILL_BATCH).toBe(BLEND_DETAILS_MAX)
  })

  it('adds what each page load read to what earlier ones kept (the details, then the list, issue 34)', async () => {
    const t = Date.now()
    const first = new DeviceStore('u1', 'b')
    await first.put([detail(1, t)])
    // The next page load reads only the list: the blend opened before stays.
    const second = new DeviceStore('u1', 'b')
    await second.put([list([1], t + 1)])
    expect((await second.restore()).map((r) => r.hash).sort()).toEqual([hashKey(detailKey(1)), list([1], 0).hash].sort())
  })

  it('keeps a blend with accords as it came: its accords and own oils beside the flattened layers (decision 073)', async () => {
    const t = Date.now()
    const own = { topOils: [at(CATALOG.lemon, 30)], middleOils: [at(CATALOG.lavender, 20)], baseOils: [at(CATALOG.cedarwood, 20)] }
    const v = versionWithAccords({ id: 21, projectId: 9, versionLetter: 'a' }, own, [accordUse()])
    const store = new DeviceStore('u1', 'b')
    await store.put([q(detailKey(9), { id: 9, name: 'Evening Calm', versions: [v] }, t)])
    const [kept] = await new DeviceStore('u1', 'b').restore()
    const restored = (kept!.data as { versions: BlendVersion[] }).versions[0]!
    expect(restored.accords).toEqual([accordUse()])
    expect(restored.ownOils).toEqual(own)
    expect(restored.middleOils).toEqual([at(CATALOG.lavender, 20), at(CATALOG.bergamot, 18), at(CATALOG.grapefruit, 12)])
  })

  it('writes in order: data fetched earlier never replaces data fetched later', async () => {
    const store = new DeviceStore('u1', 'b')
    await store.put([detail(1, 200, 2)])
    expect(await store.put([detail(1, 100, 1)])).toEqual([])
    const [kept] = await store.restore(300)
    expect((kept!.data as { testCount: number }).testCount).toBe(2)
    expect(await store.put([detail(1, 300, 3)])).toEqual([hashKey(detailKey(1))])
  })

  it('fills the listed blends it lacks, the newest list first, one request at a time', async () => {
    const store = new DeviceStore('u1', 'b')
    await store.put([list(range(1, 30), 100), list([40, 41], 200, 1, 'rose')])
    expect(store.nextToFill(new Map())).toEqual([40, 41, ...range(1, 18)])
    await store.put([...range(1, 18).map((id) => detail(id, 300)), ...range(1, 18).map((id) => batches(id, 300))])
    expect(store.nextToFill(new Map())).toEqual([40, 41, ...range(19, 30)])
    // Asked for after the list was read and left out by the server (deleted): not asked for again.
    expect(store.nextToFill(new Map([40, 41].map((id) => [id, 250])))).toEqual(range(19, 30))
  })

  it("fills the listed blends before the other screens' reads, then those it lacks, each once (decision 089)", async () => {
    const screen = (path: string) => ({ queryKey: [path], hash: hashKey([path]), path, infinite: false })
    const screens = [screen('/api/shelf/oils'), screen('/api/me/settings')]
    const store = new DeviceStore('u1', 'b')
    // Nothing listed yet: the screens' reads, in order.
    expect(store.nextFill(new Map(), screens, new Set())).toEqual({ screen: screens[0] })
    // A list arrives: the blends it names come before any screen.
    await store.put([list([1, 2], 100)])
    expect(store.nextFill(new Map(), screens, new Set())).toEqual({ blends: [1, 2] })
    await store.put([1, 2].flatMap((id) => [detail(id, 200), batches(id, 200)]))
    // The screens left: one already read this session, one the device holds already.
    expect(store.nextFill(new Map(), screens, new Set([screens[0]!.hash]))).toEqual({ screen: screens[1] })
    await store.put([q(screens[1]!.queryKey, { currency: 'EUR' }, 300)])
    expect(store.nextFill(new Map(), screens, new Set([screens[0]!.hash]))).toBeNull()
  })

  it('fills a blend whose details are older than a list that says otherwise (edited on another device)', async () => {
    const store = new DeviceStore('u1', 'b')
    await store.put([detail(1, 100, 1), batches(1, 100), list([1], 200, 1)])
    expect(store.nextToFill(new Map())).toEqual([])
    await store.put([list([1], 300, 2)])
    expect(store.nextToFill(new Map())).toEqual([1])
    await store.put([detail(1, 400, 2)])
    expect(store.nextToFill(new Map())).toEqual([])
  })

  it('keeps to the bound on the device: the most recent blends, and the one on screen beside them', async () => {
    const store = new DeviceStore('u1', 'b', { blends: 2, lists: 12, bytes: Number.MAX_SAFE_INTEGER })
    store.onScreen = new Set([hashKey(detailKey(1))])
    await store.put([detail(1, 100), detail(2, 200), detail(3, 300), detail(4, 400)])
    expect((await saved()).sort()).toEqual([1, 3, 4].map((id) => hashKey(detailKey(id))).sort())
  })

  it("forgets another user's data, another contract's and data over 30 days old", async () => {
    const now = Date.now()
    await new DeviceStore('u1', 'b').put([detail(1, now)])
    await new DeviceStore('u2', 'old-contract').put([detail(2, now)])
    await new DeviceStore('u2', 'b').put([detail(3, now - SAVED_QUERIES_MAX_AGE_MS - 1)]).then(() => undefined)
    const store = new DeviceStore('u2', 'b')
    await store.ready
    expect(await saved('u1')).toEqual([])
    expect(await saved('u2')).toEqual([])
  })

  it('removes what the app removed', async () => {
    const store = new DeviceStore('u1', 'b')
    await store.put([detail(1, 100), detail(2, 100)])
    await store.remove([hashKey(detailKey(1))])
    expect(await saved()).toEqual([hashKey(detailKey(2))])
  })
})
