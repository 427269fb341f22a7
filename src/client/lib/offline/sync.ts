import type { QueryClient } from '@tanstack/react-query'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'
import type { QueuedWrite } from '#client/lib/offline/device-db.ts'
import type { FromDevice, OutboxCall, ScreenRead, SyncResult } from '#client/lib/offline/device-protocol.ts'
import {
  OUTBOX_CHANGED_EVENT,
  outboxState,
  setFlushRequest,
  setOutboxPort,
  type OutboxPort,
  type PendingWrite,
} from '#client/lib/offline/outbox-state.ts'
import { connectDevice, lastFetchedAt, type DeviceLink, type WorkerLike } from '#client/lib/offline/persist-queries.ts'
import { markRestoring } from '#client/lib/offline/restore-gate.ts'
import { sessionStore } from '#client/lib/session.ts'

/** How long "All changes saved" stays before the indicator goes quiet. */
export const ALL_SAVED_SHOWN_MS = 4000

/** The running sync's device worker (one signed-in user at a time). */
let device: DeviceLink | null = null

/** The other screens' first reads the device keeps (app/offline-fill.ts says which): the worker fetches those it lacks. */
export function fillOnDevice(screens: ScreenRead[]): void {
  device?.fill(screens)
}

/**
 * The signed-in user's offline support (decisions 029, 065), started by the shell: the device
 * worker keeps what the screens read and restores it into the cache when the device is offline;
 * it also keeps the queue of writes made offline and sends them, in order, whenever the page says
 * the connection is there (outbox-runner.ts). The page keeps only what the screens show: the
 * counts and the writes "Waiting to sync" from the worker's reports, and the refresh of the blends
 * once writes have gone. Returns the stop function.
 */
export function startOfflineSync(queryClient: QueryClient, userId: string, makeWorker?: () => WorkerLike): () => void {
  // A browser without IndexedDB (some private modes) or workers works online only.
  if (typeof indexedDB === 'undefined' || typeof Worker === 'undefined') return () => {}
  let stopped = false
  let savedTimer: ReturnType<typeof setTimeout> | null = null

  // Writes the server has accepted whose blends are not fetched again yet: they stay on screen,
  // marked, until the fetched blend shows them, so an entry never disappears for a moment.
  const sent: PendingWrite[] = []

  /** The queue as the worker reported it: what the indicator and the screens show. */
  const count = (writes: QueuedWrite[]) => {
    const refused = writes.filter((w) => w.refused).length
    const waiting = writes.filter((w) => !w.refused).map(toPending)
    const keys = new Set(waiting.map((w) => w.idempotencyKey))
    outboxState.setState({ waiting: waiting.length, refused, pending: [...sent.filter((w) => !keys.has(w.idempotencyKey)), ...waiting] })
    // The refused changes' dialog reads the queue again.
    window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT))
  }

  /** A sync ended in the worker: the screens show what the server has now. */
  const synced = async (result: SyncResult) => {
    if (result.sent > 0 || result.refused > 0) {
      // The entries sent, or a blend deleted elsewhere.
      await queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY })
      if (stopped) return
      // The refreshed blends hold what was sent: the marked copies go.
      const delivered = new Set(sent.splice(0).map((w) => w.idempotencyKey))
      outboxState.setState((s) => ({ pending: s.pending.filter((w) => !delivered.has(w.idempotencyKey)) }))
    }
    const { waiting, refused } = outboxState.getState()
    if (result.sent > 0 && waiting === 0 && refused === 0) showAllSaved()
  }

  const flush = () => {
    if (stopped || !navigator.onLine) return
    link.post({ type: 'sync' })
  }

  const showAllSaved = () => {
    outboxState.setState({ allSaved: true })
    if (savedTimer !== null) clearTimeout(savedTimer)
    savedTimer = setTimeout(() => outboxState.setState({ allSaved: false }), ALL_SAVED_SHOWN_MS)
  }

  const link = connectDevice(queryClient, userId, makeWorker)
  device = link
  const port = outboxThrough(link)
  link.listen(
    (message) => {
      if (stopped) return
      if (port.answer(message)) return
      if (message.type === 'outbox-changed') count(message.writes)
      else if (message.type === 'write-sent') sent.push(message.write)
      else if (message.type === 'synced')
        void synced(message.result).catch((err: unknown) => console.warn('Refreshing after a sync failed', err))
    },
    // The worker could not run: the page keeps the queue itself (outbox.ts), as where there is no worker.
    () => {
      port.fail(true)
      setOutboxPort(null)
    },
  )
  // Signed out: the worker ends at once, before the device's data is deleted, so nothing of this
  // user is written after (query-client.ts deletes the database on the same change).
  const unsubscribeSession = sessionStore.subscribe((state) => {
    if (state.status === 'signed-in' && state.user.id === userId) return
    link.stop()
    // Calls still waiting on the worker fail now, not when the shell stops this.
    setOutboxPort(null)
    port.fail(false)
  })

  const restore = () => {
    const restoring = link
      .restore()
      .catch((err: unknown) => console.warn('Reading data saved on this device failed', err))
      .finally(() => outboxState.setState({ fetchedAt: lastFetchedAt(queryClient) }))
    // Reads made meanwhile wait for it, so what was saved is shown rather than "not on this device".
    markRestoring(restoring)
    return restoring
  }

  const onOnline = () => {
    // React Query hears the same events: its paused requests go out now.
    outboxState.setState({ online: true })
    link.fill()
    flush()
  }
  const onOffline = () => {
    outboxState.setState({ online: false, allSaved: false })
    restore()
  }

  setOutboxPort(port)
  setFlushRequest(flush)
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  outboxState.setState({ online: navigator.onLine })
  // The worker reports the queue when it starts; the sync follows it in the worker's order.
  if (navigator.onLine) flush()
  else void restore()

  return () => {
    stopped = true
    setFlushRequest(() => {})
    setOutboxPort(null)
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    unsubscribeSession()
    link.stop()
    port.fail(false)
    if (device === link) device = null
    if (savedTimer !== null) clearTimeout(savedTimer)
    outboxState.setState({ waiting: 0, refused: 0, allSaved: false, pending: [], fetchedAt: null })
  }
}

/**
 * The queue's calls (outbox.ts's) made by messages to the device worker: each resolves with the
 * worker's answer. A call the worker cannot take (stopped, signed out) rejects; one left waiting
 * when the worker fails to run is made on the page instead.
 */
function outboxThrough(link: DeviceLink): OutboxPort & { answer(message: FromDevice): boolean; fail(onPage: boolean): void } {
  let lastId = 0
  const waiting = new Map<number, { call: OutboxCall; resolve: (value: unknown) => void; reject: (err: Error) => void }>()
  const call = <T>(c: OutboxCall) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId
      waiting.set(id, { call: c, resolve: resolve as (value: unknown) => void, reject })
      if (!link.post({ type: 'outbox', id, ...c })) {
        waiting.delete(id)
        reject(new Error('The device worker is not running.'))
      }
    })
  return {
    enqueue: (write, now = new Date()) => call<number>({ call: 'enqueue', write, queuedAt: now.toISOString() }),
    listWrites: (userId) => call<QueuedWrite[]>({ call: 'list', userId }),
    discardWrite: (writeId) => call<void>({ call: 'discard', writeId }),
    retryWrite: (writeId) => call<void>({ call: 'retry', writeId }),
    answer(message) {
      if (message.type !== 'outbox-answer') return false
      const pending = waiting.get(message.id)
      waiting.delete(message.id)
      if (message.error !== undefined) pending?.reject(new Error(message.error))
      else pending?.resolve(message.value)
      return true
    },
    fail(onPage) {
      const left = [...waiting.values()]
      waiting.clear()
      if (!onPage) {
        for (const { reject } of left) reject(new Error('The device worker has stopped.'))
        return
      }
      if (left.length === 0) return
      void import('#client/lib/offline/outbox.ts').then(
        (page) => {
          for (const { call: c, resolve, reject } of left) {
            const done: Promise<unknown> =
              c.call === 'enqueue'
                ? page.enqueue(c.write, new Date(c.queuedAt))
                : c.call === 'list'
                  ? page.listWrites(c.userId)
                  : c.call === 'discard'
                    ? page.discardWrite(c.writeId)
                    : page.retryWrite(c.writeId)
            done.then(resolve, reject)
          }
        },
        (err: unknown) => {
          for (const { reject } of left) reject(err instanceof Error ? err : new Error(String(err)))
        },
      )
    },
  }
}

const toPending = (write: QueuedWrite): PendingWrite => ({
  idempotencyKey: write.idempotencyKey,
  method: write.method,
  path: write.path,
  body: write.body,
  queuedAt: write.queuedAt,
})
