import type { QueuedWrite } from '#client/lib/offline/device-db.ts'

/**
 * What the offline indicator shows (docs/product.md "At the bench"), and what a write needs to
 * know before it goes out: whether earlier writes are still waiting (a new one then queues behind
 * them, so they reach the server in the order they were made). Small and free of IndexedDB: the
 * journal's writes import it; the queue itself (outbox.ts) loads only when something is queued.
 */
export type OutboxState = {
  online: boolean
  /** Writes on this device not yet accepted by the server (refused ones are not counted). */
  waiting: number
  /** Writes the server refused, kept with what was typed until the user discards them. */
  refused: number
  /** The last sync sent everything: "All changes saved" shows until the next change. */
  allSaved: boolean
  /**
   * The writes not yet on the server (refused ones excluded), oldest first: the screens show them
   * where they belong, marked "Waiting to sync" (waiting-writes.ts, decision 039).
   */
  pending: readonly PendingWrite[]
  /** When the data the cache holds was fetched (ms): the offline banner's "last updated". */
  fetchedAt: number | null
}

/** A write waiting on this device, as the screens show it before the server has it. */
export type PendingWrite = {
  idempotencyKey: string
  method: 'POST' | 'PATCH'
  path: string
  body: unknown
  queuedAt: string
}

/** A store of one value (the shape of zustand's, in a few lines: this module is in several chunks). */
function createState<T extends object>(initial: T) {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    getState: () => state,
    setState(change: Partial<T> | ((previous: T) => Partial<T>)) {
      state = { ...state, ...(typeof change === 'function' ? change(state) : change) }
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

export const outboxState = createState<OutboxState>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  waiting: 0,
  refused: 0,
  allSaved: false,
  pending: [],
  fetchedAt: null,
})

let flushRequest: () => void = () => {}

/** The sync engine (sync.ts) says how to send the queue; writes ask for it after queueing. */
export function setFlushRequest(request: () => void): void {
  flushRequest = request
}

export function requestFlush(): void {
  flushRequest()
}

/**
 * Where the queue is kept and sent: the device worker while the signed-in user's offline sync runs
 * (sync.ts, decision 065), reached by messages; null otherwise, when the page uses outbox.ts
 * itself (a browser without workers). The calls are outbox.ts's own.
 */
export type OutboxPort = {
  enqueue(write: NewQueuedWrite, now?: Date): Promise<number>
  listWrites(userId: string): Promise<QueuedWrite[]>
  discardWrite(id: number): Promise<void>
  retryWrite(id: number): Promise<void>
}

let port: OutboxPort | null = null

export function setOutboxPort(next: OutboxPort | null): void {
  port = next
}

/** The device worker's queue, or null: the caller then loads outbox.ts (not imported here: it imports this module). */
export function outboxPort(): OutboxPort | null {
  return port
}

/** Fired on window when the queue changes (this tab queued a write, or the worker reported a change). */
export const OUTBOX_CHANGED_EVENT = 'accord:outbox-changed'

/** A write to queue: outbox.ts's NewWrite. */
export type NewQueuedWrite = Omit<QueuedWrite, 'id' | 'queuedAt' | 'refused'>

/** A write kept on this device, to be sent when the connection returns. */
export type Queued = { queued: true }

/** A write the journal lets the user make offline (send-or-queue.ts). */
export type OfflineWrite = {
  method: 'POST' | 'PATCH'
  path: string
  body: unknown
  /** What the user made, in their words (shown if the server refuses it later). */
  label: string
  /** What the user typed, kept whatever happens. */
  text: string | null
  idempotencyKey?: string
}
