import { hashKey, type QueryKey } from '@tanstack/query-core'
import {
  groupOf,
  OFFLINE_BLENDS_MAX,
  OFFLINE_LIMITS,
  queriesToEvict,
  serialisedBytes,
  type BoundLimits,
} from '#client/lib/offline/cache-bound.ts'
import { deviceDb, forgetOtherUsersData, type SavedQuery } from '#client/lib/offline/device-db.ts'

/**
 * The device's copy of the user's data for reading offline (decision 065), as the device worker
 * (device.worker.ts) keeps it: one record per query, written in order (a record is replaced only
 * by data fetched later), kept to the bound of decision 039 (cache-bound.ts), and the plan of the
 * fill: which listed blends the device lacks, or holds older than the list says. No DOM: it runs
 * in the worker, and in the unit tests over fake-indexeddb.
 */

/** Saved data older than this is not shown offline: it would mislead more than help. */
export const SAVED_QUERIES_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/** GET /api/blends/details answers at most this many blends (BLEND_DETAILS_MAX, held equal by a test: the shared module brings zod). */
export const FILL_BATCH = 20

/** The query keys the fill writes, as lib/blend-queries.ts and lib/batches.ts name them (held equal by a test). */
/** A read the device fills once per session when it lacks it (the calculator's and the shelf's first reads, decision 039). */
export type ScreenRead = { queryKey: QueryKey; hash: string; path: string; /** Kept as an infinite list's first page. */ infinite: boolean }

export const detailKey = (id: number): QueryKey => ['/api/blends', 'detail', id]
export const batchesKeyOf = (id: number): QueryKey => ['/api/shelf', 'batches', id]

/** A query as the page sends it: its key, its data and when that data was fetched. */
export type IncomingQuery = { hash: string; queryKey: QueryKey; data: unknown; dataUpdatedAt: number }

/** What a list says of a blend, and what its details say: when they differ, the device's copy is older than the list. */
type Summary = { name?: unknown; referenceNumber?: unknown; versionCount?: unknown; testCount?: unknown }
const summaryOf = (s: Summary | null | undefined) =>
  s ? `${String(s.name)}|${String(s.referenceNumber)}|${String(s.versionCount)}|${String(s.testCount)}` : ''

type Meta = {
  hash: string
  queryKey: QueryKey
  dataUpdatedAt: number
  openedAt: number
  bytes: number
  /** A blend's details: what they say of it. */
  summary?: string
  /** A journal list: its blends in order, with what it says of each. */
  listed?: { id: number; summary: string }[]
}

function describe(query: Pick<SavedQuery, 'hash' | 'queryKey' | 'data' | 'dataUpdatedAt' | 'openedAt' | 'bytes'>): Meta {
  const meta: Meta = {
    hash: query.hash,
    queryKey: query.queryKey,
    dataUpdatedAt: query.dataUpdatedAt,
    openedAt: query.openedAt,
    bytes: query.bytes,
  }
  const [root, part] = query.queryKey
  if (root === '/api/blends' && part === 'detail') meta.summary = summaryOf(query.data as Summary)
  if (root === '/api/blends' && part === 'list') {
    const pages = (query.data as { pages?: { items?: (Summary & { id: number })[] }[] } | null)?.pages ?? []
    meta.listed = pages.flatMap((page) => (page.items ?? []).map((item) => ({ id: item.id, summary: summaryOf(item) })))
  }
  return meta
}

export class DeviceStore {
  /** What the device holds for this user, without the data (the data stays in IndexedDB). */
  private readonly index = new Map<string, Meta>()
  /** The queries a screen shows now: never dropped by the bound. */
  onScreen: ReadonlySet<string> = new Set()
  readonly ready: Promise<void>

  constructor(
    readonly userId: string,
    readonly buster: string,
    private readonly limits: BoundLimits = OFFLINE_LIMITS,
    now = Date.now(),
  ) {
    this.ready = this.load(now)
  }

  /** Reads what the device holds for the user; another user's data, another contract's and data over 30 days old go. */
  private async load(now: number): Promise<void> {
    await forgetOtherUsersData(this.userId)
    const db = await deviceDb()
    const tx = db.transaction('saved', 'readwrite')
    for (const saved of await tx.store.index('userId').getAll(this.userId)) {
      if (saved.buster !== this.buster || now - saved.dataUpdatedAt > SAVED_QUERIES_MAX_AGE_MS)
        void tx.store.delete([saved.userId, saved.hash])
      else this.index.set(saved.hash, describe(saved))
    }
    await tx.done
  }

  has(hash: string): boolean {
    return this.index.has(hash)
  }

  /**
   * Writes the queries the device lacks or holds older (ordered: data fetched earlier never
   * replaces data fetched later), then keeps to the bound. Returns the hashes written.
   */
  async put(queries: readonly IncomingQuery[]): Promise<string[]> {
    await this.ready
    const newer = queries.filter((q) => q.data !== undefined && q.dataUpdatedAt >= (this.index.get(q.hash)?.dataUpdatedAt ?? 0))
    if (newer.length === 0) return []
    const db = await deviceDb()
    const tx = db.transaction('saved', 'readwrite')
    for (const query of newer) {
      const record: SavedQuery = {
        userId: this.userId,
        hash: query.hash,
        queryKey: query.queryKey,
        buster: this.buster,
        data: query.data,
        dataUpdatedAt: query.dataUpdatedAt,
        openedAt: this.index.get(query.hash)?.openedAt ?? 0,
        bytes: serialisedBytes(query.data),
      }
      void tx.store.put(record)
      this.index.set(query.hash, describe(record))
    }
    await tx.done
    await this.bound()
    return newer.map((q) => q.hash)
  }

  /** A screen showed the query: it counts as recent for the bound. */
  async opened(hash: string, at: number): Promise<void> {
    await this.ready
    const meta = this.index.get(hash)
    if (!meta || meta.openedAt >= at) return
    meta.openedAt = at
    const db = await deviceDb()
    const tx = db.transaction('saved', 'readwrite')
    const saved = await tx.store.get([this.userId, hash])
    if (saved) await tx.store.put({ ...saved, openedAt: at })
    await tx.done
  }

  /** The app removed the queries (a blend deleted): the device forgets them too. */
  async remove(hashes: readonly string[]): Promise<void> {
    await this.ready
    const known = hashes.filter((h) => this.index.has(h))
    if (known.length === 0) return
    const db = await deviceDb()
    const tx = db.transaction('saved', 'readwrite')
    for (const hash of known) {
      void tx.store.delete([this.userId, hash])
      this.index.delete(hash)
    }
    await tx.done
  }

  /** Everything the device holds for the user, to put back into the page's cache offline. */
  async restore(now = Date.now()): Promise<SavedQuery[]> {
    await this.ready
    const all = await (await deviceDb()).getAllFromIndex('saved', 'userId', this.userId)
    return all.filter((q) => q.buster === this.buster && now - q.dataUpdatedAt <= SAVED_QUERIES_MAX_AGE_MS)
  }

  /**
   * The next blends to fill, at most one request's worth: the listed ones (the most recent list
   * first, within the bound) whose details or first page of batches the device lacks, or whose
   * details are older than a list that says otherwise of them (edited on another device).
   * `asked` holds when each blend was last asked for: one the server left out (deleted) is not
   * asked for again until a newer list names it.
   */
  nextToFill(asked: ReadonlyMap<number, number>): number[] {
    const lists = [...this.index.values()].filter((m) => m.listed).sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt)
    const seen = new Set<number>()
    const out: number[] = []
    for (const list of lists) {
      for (const { id, summary } of list.listed!) {
        if (seen.has(id)) continue
        seen.add(id)
        if (seen.size > OFFLINE_BLENDS_MAX) return out
        if ((asked.get(id) ?? -1) >= list.dataUpdatedAt) continue
        const detail = this.index.get(hashKey(detailKey(id)))
        const lacks =
          !detail || !this.index.has(hashKey(batchesKeyOf(id))) || (detail.summary !== summary && detail.dataUpdatedAt < list.dataUpdatedAt)
        if (lacks) out.push(id)
        if (out.length === FILL_BATCH) return out
      }
    }
    return out
  }

  /**
   * The fill's next request (decision 089): the listed blends the device lacks come before the other
   * screens' first reads, so a blend the maker saw is on the device first; null when nothing is left.
   * `done` holds the screens' reads already made this session.
   */
  nextFill(
    asked: ReadonlyMap<number, number>,
    screens: readonly ScreenRead[],
    done: ReadonlySet<string>,
  ): { blends: number[] } | { screen: ScreenRead } | null {
    const blends = this.nextToFill(asked)
    if (blends.length > 0) return { blends }
    const screen = screens.find((s) => !done.has(s.hash) && !this.index.has(s.hash))
    return screen ? { screen } : null
  }

  /** Drops what the bound (decision 039) leaves out; nothing on screen goes. Returns how many records went. */
  private async bound(): Promise<number> {
    const evict = queriesToEvict(
      [...this.index.values()].map((m) => ({
        hash: m.hash,
        group: groupOf(m.queryKey),
        touchedAt: Math.max(m.dataUpdatedAt, m.openedAt),
        inUse: this.onScreen.has(m.hash),
        bytes: m.bytes,
      })),
      this.limits,
    )
    if (evict.size === 0) return 0
    const db = await deviceDb()
    const tx = db.transaction('saved', 'readwrite')
    for (const hash of evict) {
      void tx.store.delete([this.userId, hash])
      this.index.delete(hash)
    }
    await tx.done
    return evict.size
  }
}
