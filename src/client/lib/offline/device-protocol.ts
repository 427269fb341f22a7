import type { QueryKey } from '@tanstack/query-core'
import type { SavedQuery } from '#client/lib/offline/device-db.ts'
import type { IncomingQuery } from '#client/lib/offline/device-store.ts'

/** A read the device fills once per session when it lacks it (the calculator's and the shelf's first reads, decision 039). */
export type ScreenRead = { queryKey: QueryKey; hash: string; path: string; /** Kept as an infinite list's first page. */ infinite: boolean }

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

/** What the device worker tells the page. */
export type FromDevice =
  | { type: 'need-token'; forceRefresh: boolean }
  | { type: 'restored'; id: number; queries: SavedQuery[] }
  /** The fill has nothing left to do for now (the browser tests and the bench wait for it). */
  | { type: 'filled'; blends: number }
