import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDeviceDb, type QueuedWrite } from '#client/lib/offline/device-db.ts'
import type { FromDevice, ToDevice } from '#client/lib/offline/device-protocol.ts'
import { listWrites } from '#client/lib/offline/outbox.ts'
import { outboxPort, outboxState } from '#client/lib/offline/outbox-state.ts'
import type { WorkerLike } from '#client/lib/offline/persist-queries.ts'
import { sendOrQueue } from '#client/lib/offline/send-or-queue.ts'
import { startOfflineSync } from '#client/lib/offline/sync.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch } from '#client/testing/fake-fetch.ts'

/** The page's side of the queue in the device worker (decision 065): what it posts, and what it shows of the worker's reports. */

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }
const entry = {
  method: 'POST' as const,
  path: '/api/journal-entries',
  body: { versionId: 3, notes: 'Soft' },
  label: 'Test entry',
  text: 'Soft',
}

function fakeWorker() {
  const posted: ToDevice[] = []
  const worker: WorkerLike & { posted: ToDevice[]; answer(message: FromDevice): void; fail(): void } = {
    posted,
    onmessage: null,
    onerror: null,
    postMessage: (message: ToDevice) => void posted.push(message),
    terminate: vi.fn(),
    answer(message) {
      this.onmessage?.({ data: message } as MessageEvent<FromDevice>)
    },
    fail() {
      this.onerror?.(new Event('error'))
    },
  }
  return worker
}

const queued = (n: number, refused: QueuedWrite['refused'] = null): QueuedWrite => ({
  id: n,
  userId: 'u1',
  method: 'POST',
  path: '/api/journal-entries',
  body: { versionId: 3, notes: `note ${n}` },
  idempotencyKey: `key-${n}`,
  label: 'Test entry',
  text: `note ${n}`,
  queuedAt: '2026-11-27T10:00:00.000Z',
  refused,
})

describe('the page side of the queue (decision 065)', () => {
  let online = true
  beforeEach(() => {
    online = true
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    vi.stubGlobal('Worker', class {})
    setSignedIn(user)
  })
  afterEach(async () => {
    setSignedOut()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    localStorage.clear()
    await clearDeviceDb()
  })

  it('asks the worker to sync on start and when back online; a write made offline is kept by the worker, not the page', async () => {
    const worker = fakeWorker()
    const stop = startOfflineSync(new QueryClient(), 'u1', () => worker)
    expect(worker.posted.map((m) => m.type)).toEqual(['start', 'sync'])

    online = false
    window.dispatchEvent(new Event('offline'))
    const api = fakeFetch({})
    const made = sendOrQueue(entry)
    await vi.waitFor(() => expect(worker.posted.some((m) => m.type === 'outbox')).toBe(true))
    const call = worker.posted.find((m) => m.type === 'outbox')!
    expect(call).toMatchObject({
      call: 'enqueue',
      write: { userId: 'u1', path: '/api/journal-entries', body: entry.body, label: 'Test entry' },
    })
    worker.answer({ type: 'outbox-answer', id: call.id, value: 1 })
    expect(await made).toEqual({ queued: true })
    expect(api.calls).toEqual([])
    // Nothing of it was written on the page's thread: the page's IndexedDB holds no write.
    expect(await listWrites('u1')).toEqual([])
    expect(outboxState.getState()).toMatchObject({ online: false, waiting: 1 })

    online = true
    window.dispatchEvent(new Event('online'))
    expect(worker.posted.slice(-2).map((m) => m.type)).toEqual(['fill', 'sync'])
    stop()
  })

  it("shows the worker's reports: waiting and refused counts, a sent write kept on screen until the blends are fetched again", async () => {
    const worker = fakeWorker()
    const queryClient = new QueryClient()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const stop = startOfflineSync(queryClient, 'u1', () => worker)
    const changes = vi.fn()
    window.addEventListener('accord:outbox-changed', changes)

    worker.answer({ type: 'outbox-changed', writes: [queued(1), queued(2, { status: 404, code: 'NOT_FOUND', message: 'gone' })] })
    expect(outboxState.getState()).toMatchObject({ waiting: 1, refused: 1 })
    expect(outboxState.getState().pending.map((p) => p.idempotencyKey)).toEqual(['key-1'])
    expect(changes).toHaveBeenCalledTimes(1)

    // Sent: the queue reports it gone, but it stays marked on screen until the refreshed blends show it.
    worker.answer({ type: 'write-sent', write: queued(1) })
    worker.answer({ type: 'outbox-changed', writes: [queued(2, { status: 404, code: 'NOT_FOUND', message: 'gone' })] })
    expect(outboxState.getState()).toMatchObject({ waiting: 0, refused: 1 })
    expect(outboxState.getState().pending.map((p) => p.idempotencyKey)).toEqual(['key-1'])
    worker.answer({ type: 'synced', result: { sent: 1, refused: 0, stopped: false } })
    await vi.waitFor(() => expect(outboxState.getState().pending).toEqual([]))
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/blends'] })
    // A refused change still stands: not "All changes saved".
    expect(outboxState.getState().allSaved).toBe(false)

    worker.answer({ type: 'outbox-changed', writes: [] })
    worker.answer({ type: 'write-sent', write: queued(3) })
    worker.answer({ type: 'synced', result: { sent: 1, refused: 0, stopped: false } })
    await vi.waitFor(() => expect(outboxState.getState().allSaved).toBe(true))
    window.removeEventListener('accord:outbox-changed', changes)
    stop()
  })

  it('on sign-out the worker ends, calls still waiting fail, and the page no longer reaches the queue through it', async () => {
    const worker = fakeWorker()
    const stop = startOfflineSync(new QueryClient(), 'u1', () => worker)
    const listing = outboxPort()!.listWrites('u1')
    setSignedOut()
    expect(worker.terminate).toHaveBeenCalled()
    await expect(listing).rejects.toThrow()
    expect(outboxPort()).toBeNull()
    stop()
    expect(outboxState.getState()).toMatchObject({ waiting: 0, refused: 0, pending: [] })
  })

  it('a worker that cannot run leaves the queue to the page: a write waiting on it is kept there', async () => {
    const worker = fakeWorker()
    const stop = startOfflineSync(new QueryClient(), 'u1', () => worker)
    online = false
    window.dispatchEvent(new Event('offline'))
    const made = sendOrQueue(entry)
    await vi.waitFor(() => expect(worker.posted.some((m) => m.type === 'outbox')).toBe(true))
    worker.fail()
    expect(await made).toEqual({ queued: true })
    expect(await listWrites('u1')).toMatchObject([{ path: '/api/journal-entries', text: 'Soft', refused: null }])
    expect(outboxPort()).toBeNull()
    stop()
  })
})
