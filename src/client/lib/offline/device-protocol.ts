import type { QueuedWrite, SavedQuery } from '#client/lib/offline/device-db.ts'
import type { IncomingQuery, ScreenRead } from '#client/lib/offline/device-store.ts'
import type { NewQueuedWrite, PendingWrite } from '#client/lib/offline/outbox-state.ts'

export type { ScreenRead } from '#client/lib/offline/device-store.ts'

/** A call on the queue of writes (outbox.ts) the page asks the worker to make; answered by `outbox-answer` with the same id. */
export type OutboxCall =
  | { call: 'enqueue'; write: NewQueuedWrite; queuedAt: string }
  | { call: 'list'; userId: string }
  | { call: 'discard'; writeId: number }
  | { call: 'retry'; writeId: number }

/** What one sync of the queue did (outbox.ts FlushResult). */
export type SyncResult = { sent: number; refused: number; stopped: boolean }

/** What the page tells the device worker (decision 065). */
export type ToDevice =
  | { type: 'start'; userId: string; buster: string }
  | { type: 'put'; queries: IncomingQuery[] }
  | { type: 'opened'; hash: string; at: number; onScreen: string[] }
  | { type: 'remove'; hashes: string[] }
  /** A write or an invalidation: a fill answer asked for before it is dropped (decision 039). */
  | { type: 'changed' }
  | { type: 'token'; token: string | null }
  /** Online (again), or reads to fill: the fill runs. */
  | { type: 'fill'; screens?: ScreenRead[] }
  | { type: 'restore'; id: number }
  | ({ type: 'outbox'; id: number } & OutboxCall)
  /** Send the queued writes now, in order (online again, a write queued, one put back in line). */
  | { type: 'sync' }

/** What the device worker tells the page. */
export type FromDevice =
  | { type: 'need-token'; forceRefresh: boolean }
  | { type: 'restored'; id: number; queries: SavedQuery[] }
  /** The fill has nothing left to do for now (the browser tests and the bench wait for it). */
  | { type: 'filled'; blends: number }
  /** The answer to an OutboxCall: enqueue's new id, list's writes, nothing for the others; `error` when it failed. */
  | { type: 'outbox-answer'; id: number; value: number | QueuedWrite[] | null; error?: string }
  /** The user's queue as it stands, oldest first, after any change (refused writes included). */
  | { type: 'outbox-changed'; writes: QueuedWrite[] }
  /** The server accepted this write (reported before the queue without it). */
  | { type: 'write-sent'; write: PendingWrite }
  /** A sync ended. */
  | { type: 'synced'; result: SyncResult }
