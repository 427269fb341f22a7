import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'
import type { QueuedWrite } from '#client/lib/offline/device-db.ts'
import type { ScreenRead } from '#client/lib/offline/device-protocol.ts'
import { flushOutbox, listWrites } from '#client/lib/offline/outbox.ts'
import { OUTBOX_CHANGED_EVENT, outboxState, setFlushRequest, type PendingWrite } from '#client/lib/offline/outbox-state.ts'
import { connectDevice, lastFetchedAt, type DeviceLink } from '#client/lib/offline/persist-queries.ts'
import { markRestoring } from '#client/lib/offline/restore-gate.ts'
import { sessionStore } from '#client/lib/session.ts'

/** How long "All changes saved" stays before the indicator goes quiet. */
export const ALL_SAVED_SHOWN_MS = 4000
/** A sync that stopped on a transient failure while online tries again after this. */
const RETRY_MS = 15_000

/** The running sync's device worker (one signed-in user at a time). */
let device: DeviceLink | null = null

/** The other screens' first reads the device keeps (app/offline-fill.ts says which): the worker fetches those it lacks. */
export function fillOnDevice(screens: ScreenRead[]): void {
  device?.fill(screens)
}

/**
 * The signed-in user's offline support (decision 029), started by the shell: their saved data is
 * restored into the cache when the device is offline, the cache is saved as it changes, and the
 * queued writes are sent, in order, whenever the connection is there. Returns the stop function.
 */
export function startOfflineSync(queryClient: QueryClient, userId: string): () => void {
  // A browser without IndexedDB (some private modes) or workers works online only.
  if (typeof indexedDB === 'undefined' || typeof Worker === 'undefined') return () => {}
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let savedTimer: ReturnType<typeof setTimeout> | null = null

  // Writes the server has accepted whose blends are not fetched again yet: they stay on screen,
  // marked, until the fetched blend shows them, so an entry never disappears for a moment.
  const sent: PendingWrite[] = []

  const count = async () => {
    const writes = await listWrites(userId)
    if (stopped) return
    const refused = writes.filter((w) => w.refused).length
    const waiting = writes.filter((w) => !w.refused).map(toPending)
    const keys = new Set(waiting.map((w) => w.idempotencyKey))
    outboxState.setState({ waiting: waiting.length, refused, pending: [...sent.filter((w) => !keys.has(w.idempotencyKey)), ...waiting] })
  }

  const send = async () => {
    const result = await withOutboxLock(() =>
      flushOutbox(userId, async (write) => {
        await apiRequest(write.method, write.path, write.body, { idempotencyKey: write.idempotencyKey })
        sent.push(toPending(write))
      }),
    )
    await count()
    if (stopped) return
    if (result.sent > 0 || result.refused > 0) {
      // The screen shows what the server has now: the entries sent, or a blend deleted elsewhere.
      await queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY })
      // The refreshed blends hold what was sent: the marked copies go.
      const delivered = new Set(sent.splice(0).map((w) => w.idempotencyKey))
      outboxState.setState((s) => ({ pending: s.pending.filter((w) => !delivered.has(w.idempotencyKey)) }))
    }
    const { waiting, refused } = outboxState.getState()
    if (result.sent > 0 && waiting === 0 && refused === 0) showAllSaved()
    if (result.stopped && navigator.onLine) retryTimer = setTimeout(flush, RETRY_MS)
  }

  const flush = () => {
    if (stopped || !navigator.onLine) return
    if (retryTimer !== null) clearTimeout(retryTimer)
    retryTimer = null
    if (running) {
      again = true
      return
    }
    running = send()
      .catch((err: unknown) => console.warn('Sending changes made offline failed', err))
      .finally(() => {
        running = null
        if (again) {
          again = false
          flush()
        }
      })
  }

  const showAllSaved = () => {
    outboxState.setState({ allSaved: true })
    if (savedTimer !== null) clearTimeout(savedTimer)
    savedTimer = setTimeout(() => outboxState.setState({ allSaved: false }), ALL_SAVED_SHOWN_MS)
  }

  const link = connectDevice(queryClient, userId)
  device = link
  // Signed out: the worker ends at once, before the device's data is deleted, so nothing of this
  // user is written after (query-client.ts deletes the database on the same change).
  const unsubscribeSession = sessionStore.subscribe((state) => {
    if (state.status !== 'signed-in' || state.user.id !== userId) link.stop()
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
  const onChanged = () => void count().catch(() => undefined)

  setFlushRequest(flush)
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  window.addEventListener(OUTBOX_CHANGED_EVENT, onChanged)
  outboxState.setState({ online: navigator.onLine })
  const counted = count().catch((err: unknown) => console.warn('Reading the changes waiting on this device failed', err))
  if (navigator.onLine) void counted.then(flush)
  else void restore()

  return () => {
    stopped = true
    setFlushRequest(() => {})
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    window.removeEventListener(OUTBOX_CHANGED_EVENT, onChanged)
    unsubscribeSession()
    link.stop()
    if (device === link) device = null
    if (retryTimer !== null) clearTimeout(retryTimer)
    if (savedTimer !== null) clearTimeout(savedTimer)
    outboxState.setState({ waiting: 0, refused: 0, allSaved: false, pending: [], fetchedAt: null })
  }
}

const toPending = (write: QueuedWrite): PendingWrite => ({
  idempotencyKey: write.idempotencyKey,
  method: write.method,
  path: write.path,
  body: write.body,
  queuedAt: write.queuedAt,
})

/** One tab sends the queue at a time (Web Locks where the browser has them). */
function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks
  return locks ? (locks.request('accord-outbox', run) as Promise<T>) : run()
}
