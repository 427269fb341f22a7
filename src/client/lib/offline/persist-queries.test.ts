import 'fake-indexeddb/auto'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDeviceDb, deviceDb } from '#client/lib/offline/device-db.ts'
import { lastFetchedAt, restoreSavedQueries, saveQueriesOnChange, SAVED_QUERIES_MAX_AGE_MS } from '#client/lib/offline/persist-queries.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }

beforeEach(() => setSignedIn(user))
afterEach(async () => {
  setSignedOut()
  localStorage.clear()
  await clearDeviceDb()
})

async function savedOnce(queryClient: QueryClient, userId = 'u1') {
  const stop = saveQueriesOnChange(queryClient, userId)
  queryClient.setQueryData(['/api/blends', 'detail', 1], { id: 1, name: 'Evening Calm' })
  await vi.waitFor(async () => expect(await (await deviceDb()).get('queries', userId)).toBeDefined(), { timeout: 3000 })
  stop()
}

describe('the data saved for reading offline (decision 029)', () => {
  it('saves what the user has seen and puts it back in an empty cache', async () => {
    await savedOnce(new QueryClient())
    const later = new QueryClient()
    expect(await restoreSavedQueries(later, 'u1')).toBe(true)
    expect(later.getQueryData(['/api/blends', 'detail', 1])).toEqual({ id: 1, name: 'Evening Calm' })
  })

  it('never replaces newer data in the cache', async () => {
    await savedOnce(new QueryClient())
    const later = new QueryClient()
    later.setQueryData(['/api/blends', 'detail', 1], { id: 1, name: 'Renamed since' })
    await restoreSavedQueries(later, 'u1')
    expect(later.getQueryData(['/api/blends', 'detail', 1])).toEqual({ id: 1, name: 'Renamed since' })
  })

  it("shows nobody another user's data, nor data too old to trust", async () => {
    await savedOnce(new QueryClient())
    expect(await restoreSavedQueries(new QueryClient(), 'u2')).toBe(false)
    expect(await restoreSavedQueries(new QueryClient(), 'u1', Date.now() + SAVED_QUERIES_MAX_AGE_MS + 60_000)).toBe(false)
  })

  it('keeps a blend opened and then left (the order of opening does not matter, decision 039), with when it was opened', async () => {
    const queryClient = createQueryClient()
    const stop = saveQueriesOnChange(queryClient, 'u1')
    const observer = new QueryObserver(queryClient, {
      queryKey: ['/api/blends', 'detail', 4],
      queryFn: () => ({ id: 4, name: 'Opened First' }),
    })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'))
    unsubscribe()
    // Then the journal's list.
    queryClient.setQueryData(['/api/blends', 'list', { q: '' }], { pages: [], pageParams: [] })
    const hash = queryClient.getQueryCache().find({ queryKey: ['/api/blends', 'detail', 4] })!.queryHash
    await vi.waitFor(
      async () => {
        const saved = await (await deviceDb()).get('queries', 'u1')
        expect(saved?.state.queries.map((q) => q.queryHash)).toEqual(expect.arrayContaining([hash]))
        expect(saved?.openedAt?.[hash]).toBeGreaterThan(0)
        expect(saved?.state.queries.some((q) => q.queryKey[1] === 'list')).toBe(true)
      },
      { timeout: 3000 },
    )
    stop()
    const later = new QueryClient()
    await restoreSavedQueries(later, 'u1')
    expect(later.getQueryData(['/api/blends', 'detail', 4])).toEqual({ id: 4, name: 'Opened First' })
    expect(lastFetchedAt(later)).toBeGreaterThan(0)
  })

  it('saves nothing once the user has signed out', async () => {
    const put = vi.spyOn(await deviceDb(), 'put')
    // Only the save's delay is faked: the device database keeps its own (real) scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const queryClient = new QueryClient()
      const stop = saveQueriesOnChange(queryClient, 'u1')
      queryClient.setQueryData(['/api/blends', 'detail', 1], { id: 1, name: 'Evening Calm' })
      setSignedOut()
      // Past the save's delay: the save that was due runs now, and must find nobody signed in.
      await vi.runAllTimersAsync()
      stop()
    } finally {
      vi.useRealTimers()
    }
    expect(put).not.toHaveBeenCalled()
    put.mockRestore()
    expect(await (await deviceDb()).get('queries', 'u1')).toBeUndefined()
  })
})
