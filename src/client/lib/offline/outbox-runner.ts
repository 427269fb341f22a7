import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/headers.ts'
import { apiErrorOf } from '#client/lib/api-error.ts'
import { send } from '#client/lib/http.ts'
import type { QueuedWrite } from '#client/lib/offline/device-db.ts'
import type { FromDevice, OutboxCall } from '#client/lib/offline/device-protocol.ts'
import {
  discardWrite,
  enqueue,
  flushOutbox,
  listWrites,
  retryWrite,
  setOutboxListener,
  type SendFailure,
} from '#client/lib/offline/outbox.ts'

/**
 * The queue of writes made offline, run in the device worker (decisions 029, 065): it keeps the
 * writes in IndexedDB (outbox.ts), sends them in order with their idempotency keys when the page
 * asks (online again, a write queued), by outbox.ts's rule (no answer, a 401 after a fresh token,
 * a 408, 429 or 5xx stop the sync; any other 4xx sets the write aside), and tells the page every
 * change by message: the queue as it stands, each write the server accepted, each sync's result.
 * The page lends it a token (`askToken`), as it does the fill. No DOM: the unit tests run it as it is.
 */

/** A sync that stopped on a transient failure while online tries again after this. */
export const RETRY_MS = 15_000

export type OutboxRunner = {
  /** Runs a call of the page's; the answer goes back as `outbox-answer`. */
  call(id: number, call: OutboxCall): Promise<void>
  /** Sends the queue now (one sync at a time: a request meanwhile runs another after it). */
  sync(): void
  /** Reports the queue as it stands (the page counts from it). */
  report(): Promise<void>
  stop(): void
}

export function outboxRunner(
  userId: string,
  post: (message: FromDevice) => void,
  askToken: (forceRefresh: boolean) => Promise<string | null>,
  retryMs = RETRY_MS,
): OutboxRunner {
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let retryTimer: ReturnType<typeof setTimeout> | null = null

  const report = async () => {
    const writes = await listWrites(userId)
    if (!stopped) post({ type: 'outbox-changed', writes })
  }
  // Every change of the queue (one per write sent or set aside) reaches the page.
  setOutboxListener(() => void report().catch(() => undefined))

  /** One write, with the token; after a 401 once more with a fresh one and the same idempotency key. */
  const sendWrite = async (write: QueuedWrite): Promise<void> => {
    for (const forceRefresh of [false, true]) {
      const token = await askToken(forceRefresh)
      // No token to be had: offline, or the session needs the page (a 401 waits, by the rule).
      if (!token) throw failure(forceRefresh ? 401 : 0, 'NO_TOKEN', 'No token to send the change with.')
      let res: Response
      try {
        res = await send(write.path, {
          method: write.method,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            [IDEMPOTENCY_KEY_HEADER]: write.idempotencyKey,
          },
          body: JSON.stringify(write.body),
        })
      } catch {
        throw failure(0, 'NETWORK_ERROR', 'Could not reach Accord.')
      }
      if (res.ok) return
      if (res.status === 401 && !forceRefresh) continue
      const error = await apiErrorOf(res)
      throw failure(error.status, error.code, error.message)
    }
  }

  const syncOnce = async () => {
    const result = await withOutboxLock(() =>
      flushOutbox(userId, async (write) => {
        await sendWrite(write)
        if (!stopped) post({ type: 'write-sent', write: toPending(write) })
      }),
    )
    await report()
    if (stopped) return
    post({ type: 'synced', result })
    if (result.stopped && navigator.onLine) retryTimer = setTimeout(sync, retryMs)
  }

  const sync = () => {
    if (stopped) return
    if (retryTimer !== null) clearTimeout(retryTimer)
    retryTimer = null
    if (running) {
      again = true
      return
    }
    running = syncOnce()
      .catch((err: unknown) => console.warn('Sending changes made offline failed', err))
      .finally(() => {
        running = null
        if (again) {
          again = false
          sync()
        }
      })
  }

  const call = async (id: number, c: OutboxCall) => {
    try {
      let value: number | QueuedWrite[] | null = null
      if (c.call === 'enqueue') {
        // A write of another user is never kept under this one's session.
        if (c.write.userId !== userId) throw new Error('The write is not this user’s.')
        value = await enqueue(c.write, new Date(c.queuedAt))
      } else if (c.call === 'list') {
        value = c.userId === userId ? await listWrites(userId) : []
      } else {
        // Only this user's writes are touched: an id of another's answers as not found.
        if (!(await listWrites(userId)).some((w) => w.id === c.writeId)) throw new Error('No such change on this device.')
        await (c.call === 'discard' ? discardWrite(c.writeId) : retryWrite(c.writeId))
      }
      post({ type: 'outbox-answer', id, value })
    } catch (err) {
      post({ type: 'outbox-answer', id, value: null, error: err instanceof Error ? err.message : String(err) })
    }
  }

  return {
    call,
    sync,
    report,
    stop() {
      stopped = true
      if (retryTimer !== null) clearTimeout(retryTimer)
      setOutboxListener(() => {})
    },
  }
}

const failure = (status: number, code: string, message: string): SendFailure => ({ status, code, message })

const toPending = (write: QueuedWrite) => ({
  idempotencyKey: write.idempotencyKey,
  method: write.method,
  path: write.path,
  body: write.body,
  queuedAt: write.queuedAt,
})

/** One tab sends the queue at a time (Web Locks, which workers have too, where the browser has them). */
function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks
  return locks ? (locks.request('accord-outbox', run) as Promise<T>) : run()
}
