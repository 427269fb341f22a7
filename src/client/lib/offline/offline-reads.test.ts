import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, isNotOnDevice, NOT_ON_DEVICE_MESSAGE, READ_TIMEOUT_MS } from '#client/lib/api-client.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { markRestoring } from '#client/lib/offline/restore-gate.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }
const detailKey = ['/api/blends', 'detail', 5] as const

/**
 * Reads never spin without end (decision 039): offline, data not on the device is said at once;
 * online, a read with no answer after READ_TIMEOUT_MS fails so the screen offers Try again; and
 * nothing leaves the cache for being unused a while.
 */
describe('reads offline and slow', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn(user)
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    vi.useRealTimers()
    setSignedOut()
  })

  it('answers a read made offline within a second, without a request, as not on this device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const api = fakeFetch({})
    const started = performance.now()
    const error = await apiRequest('GET', '/api/blends/5').catch((err: unknown) => err)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(isNotOnDevice(error)).toBe(true)
    expect((error as ApiError).message).toBe(NOT_ON_DEVICE_MESSAGE)
    expect(api.calls).toEqual([])
  })

  it('waits for the saved data being put back, then lets the query keep it rather than fail', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    fakeFetch({})
    const queryClient = createQueryClient()
    let restored!: () => void
    markRestoring(new Promise<void>((resolve) => (restored = resolve)))
    const observer = new QueryObserver(queryClient, {
      queryKey: detailKey,
      queryFn: () => apiRequest('GET', '/api/blends/5').then((r) => r.json()),
    })
    const results: string[] = []
    const unsubscribe = observer.subscribe((r) => results.push(r.status))
    // The device's copy arrives while the read waits.
    queryClient.setQueryData(detailKey, { id: 5, name: 'Saved' }, { updatedAt: 1000 })
    restored()
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'))
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { id: 5, name: 'Saved' }, error: null })
    // The failure is corrected in the same turn, before any screen renders (React reads the current result).
    expect(results.at(-1)).toBe('success')
    unsubscribe()
  })

  it('fails a read with no answer in time with TIMEOUT, so the screen offers Try again; writes wait', async () => {
    const signals: (AbortSignal | null | undefined)[] = []
    // A server that never answers; fetch gives up when its signal aborts, as a browser's does.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).endsWith('/api/auth/token')) return Promise.resolve(json({ token: fakeJwt('t') }))
      signals.push(init.signal)
      return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)))
    })
    expect(READ_TIMEOUT_MS).toBe(10_000)
    const error = await apiRequest('GET', '/api/blends/5', undefined, { timeoutMs: 50 }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' })
    // A read has a deadline by default; a write has none (it may queue, decision 029).
    void apiRequest('GET', '/api/blends/6').catch(() => undefined)
    void apiRequest('POST', '/api/journal-entries', {}).catch(() => undefined)
    await vi.waitFor(() => expect(signals).toHaveLength(3))
    expect(signals[1]).toBeInstanceOf(AbortSignal)
    expect(signals[2]).toBeUndefined()
  })

  it('keeps a blend in the cache long after its screen closed (the bound decides, not gcTime)', async () => {
    vi.useFakeTimers()
    const queryClient = createQueryClient()
    const observer = new QueryObserver(queryClient, { queryKey: detailKey, queryFn: () => ({ id: 5 }) })
    const unsubscribe = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(10)
    unsubscribe()
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(queryClient.getQueryData(detailKey)).toEqual({ id: 5 })
    // A plain client would have dropped it after five minutes: the order-of-opening bug.
    const plain = new QueryClient()
    const other = new QueryObserver(plain, { queryKey: detailKey, queryFn: () => ({ id: 5 }) })
    const stop = other.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(10)
    stop()
    await vi.advanceTimersByTimeAsync(6 * 60 * 1000)
    expect(plain.getQueryData(detailKey)).toBeUndefined()
  })
})

describe('back online', () => {
  it('loads what could not load offline, and leaves loaded data as it is', async () => {
    const queryClient = createQueryClient()
    queryClient.mount()
    let online = false
    const missing = vi.fn(async () => {
      if (!online) throw new ApiError(0, 'NOT_ON_DEVICE', NOT_ON_DEVICE_MESSAGE)
      return { id: 5 }
    })
    const loaded = vi.fn(async () => ({ id: 6 }))
    onlineManager.setOnline(true)
    const kept = new QueryObserver(queryClient, { queryKey: ['/api/blends', 'detail', 6], queryFn: loaded })
    const stopKept = kept.subscribe(() => {})
    await vi.waitFor(() => expect(kept.getCurrentResult().status).toBe('success'))
    onlineManager.setOnline(false)
    const observer = new QueryObserver(queryClient, { queryKey: detailKey, queryFn: missing })
    const stop = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'))
    online = true
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { id: 5 } }))
    expect(loaded).toHaveBeenCalledTimes(1)
    stop()
    stopKept()
    queryClient.unmount()
  })
})
