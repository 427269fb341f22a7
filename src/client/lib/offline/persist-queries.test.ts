import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FromDevice, ToDevice } from '#client/lib/offline/device-protocol.ts'
import { connectDevice, lastFetchedAt, type WorkerLike } from '#client/lib/offline/persist-queries.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }

/** A stand-in for the device worker: what the page posts, and a way to answer. */
function fakeWorker() {
  const posted: ToDevice[] = []
  const worker: WorkerLike & { posted: ToDevice[]; answer(message: FromDevice): void } = {
    posted,
    onmessage: null,
    postMessage: (message: ToDevice) => void posted.push(message),
    terminate: vi.fn(),
    answer(message) {
      this.onmessage?.({ data: message } as MessageEvent<FromDevice>)
    },
  }
  return worker
}

describe('the page side of the device worker (decision 065)', () => {
  beforeEach(() => setSignedIn(user))
  afterEach(() => setSignedOut())

  it('hands each fetched answer to the worker, those of one task in one message, and what loaded before it started', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['/api/blends', 'detail', 1], { id: 1 }, { updatedAt: 1000 })
    const worker = fakeWorker()
    const link = connectDevice(queryClient, 'u1', () => worker)
    queryClient.setQueryData(['/api/blends', 'detail', 2], { id: 2 }, { updatedAt: 2000 })
    await new Promise((r) => setTimeout(r, 5))
    const puts = worker.posted.filter((m) => m.type === 'put')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.queries.map((q) => [q.queryKey, q.dataUpdatedAt])).toEqual([
      [['/api/blends', 'detail', 1], 1000],
      [['/api/blends', 'detail', 2], 2000],
    ])
    expect(worker.posted[0]).toEqual({ type: 'start', userId: 'u1', buster: 'dev' })
    link.stop()
  })

  it("puts the device's copy back into the cache, stale, with when it was fetched, without handing it back", async () => {
    const queryClient = new QueryClient()
    const worker = fakeWorker()
    const link = connectDevice(queryClient, 'u1', () => worker)
    const restored = link.restore()
    const ask = worker.posted.find((m) => m.type === 'restore')!
    const key = ['/api/blends', 'detail', 4]
    worker.answer({
      type: 'restored',
      id: ask.id,
      queries: [
        {
          userId: 'u1',
          hash: JSON.stringify(key),
          queryKey: key,
          buster: 'dev',
          data: { id: 4 },
          dataUpdatedAt: 5000,
          openedAt: 0,
          bytes: 8,
        },
      ],
    })
    expect(await restored).toBe(1)
    expect(queryClient.getQueryData(key)).toEqual({ id: 4 })
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true)
    expect(lastFetchedAt(queryClient)).toBe(5000)
    await new Promise((r) => setTimeout(r, 5))
    expect(worker.posted.filter((m) => m.type === 'put')).toEqual([])
    link.stop()
  })

  it('sends nothing once the user has signed out, and ends the worker when stopped', async () => {
    const queryClient = new QueryClient()
    const worker = fakeWorker()
    const link = connectDevice(queryClient, 'u1', () => worker)
    setSignedOut()
    queryClient.setQueryData(['/api/blends', 'detail', 1], { id: 1 })
    await new Promise((r) => setTimeout(r, 5))
    expect(worker.posted.map((m) => m.type)).toEqual(['start'])
    link.stop()
    expect(worker.terminate).toHaveBeenCalled()
  })
})
