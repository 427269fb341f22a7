import type { QueryKey } from '@tanstack/query-core'

/**
 * The bound of what stays on the device for reading offline (docs/product.md "Offline at the
 * bench", decision 039): the OFFLINE_BLENDS_MAX blends most recently opened or updated (each with
 * everything read of it: details, versions, tests, chart, batches, share links), the
 * OFFLINE_LISTS_MAX journal and picker lists most recently loaded, and the few small reads every
 * screen shares (Home's summary, the shelf, settings, the catalog), all within
 * OFFLINE_BUDGET_BYTES of serialised data. What is on screen is never dropped.
 */
export const OFFLINE_BLENDS_MAX = 200
export const OFFLINE_LISTS_MAX = 12
/** 200 blends of the measured size (docs/quality.md, "Offline cache") take about a fifth of this. */
export const OFFLINE_BUDGET_BYTES = 8 * 1024 * 1024

export type BoundLimits = { blends: number; lists: number; bytes: number }
export const OFFLINE_LIMITS: BoundLimits = { blends: OFFLINE_BLENDS_MAX, lists: OFFLINE_LISTS_MAX, bytes: OFFLINE_BUDGET_BYTES }

/** What the bound knows of one cached query. */
export type CachedQuery = {
  hash: string
  /** The blend it belongs to (details, batches, share links), a list of blends, or anything else. */
  group: { kind: 'blend'; id: number } | { kind: 'list' } | { kind: 'other' }
  /** When it was last fetched or opened (ms). */
  touchedAt: number
  /** A screen shows it now. */
  inUse: boolean
  /** Its data's serialised size. */
  bytes: number
}

/** Which group a query key belongs to: ['/api/blends', 'detail', 12] and ['/api/shelf', 'batches', 12] are blend 12's. */
export function groupOf(key: QueryKey): CachedQuery['group'] {
  const [root, part, id] = key
  if (root === '/api/blends' && part === 'list') return { kind: 'list' }
  if (
    typeof id === 'number' &&
    ((root === '/api/blends' && (part === 'detail' || part === 'shares')) || (root === '/api/shelf' && part === 'batches'))
  ) {
    return { kind: 'blend', id }
  }
  return { kind: 'other' }
}

type Unit = { queries: CachedQuery[]; touchedAt: number; inUse: boolean; bytes: number; kind: 'blend' | 'list' | 'other' }

/**
 * The hashes of the queries to drop so the cache keeps to the bound: beyond the newest
 * `limits.blends` blends and `limits.lists` lists, then, while over `limits.bytes`, the least
 * recently touched blend or list. A blend goes with all its queries; nothing in use goes.
 */
export function queriesToEvict(queries: readonly CachedQuery[], limits: BoundLimits = OFFLINE_LIMITS): Set<string> {
  const blends = new Map<number, Unit>()
  const units: Unit[] = []
  for (const query of queries) {
    if (query.group.kind === 'blend') {
      const unit = blends.get(query.group.id) ?? { queries: [], touchedAt: 0, inUse: false, bytes: 0, kind: 'blend' as const }
      if (!blends.has(query.group.id)) {
        blends.set(query.group.id, unit)
        units.push(unit)
      }
      unit.queries.push(query)
      unit.touchedAt = Math.max(unit.touchedAt, query.touchedAt)
      unit.inUse ||= query.inUse
      unit.bytes += query.bytes
    } else {
      units.push({ queries: [query], touchedAt: query.touchedAt, inUse: query.inUse, bytes: query.bytes, kind: query.group.kind })
    }
  }
  const newestFirst = (a: Unit, b: Unit) => b.touchedAt - a.touchedAt
  const evicted = new Set<Unit>()
  for (const [kind, max] of [
    ['blend', limits.blends],
    ['list', limits.lists],
  ] as const) {
    const ofKind = units.filter((u) => u.kind === kind).sort(newestFirst)
    let kept = 0
    for (const unit of ofKind) {
      if (unit.inUse || kept < max) kept += 1
      else evicted.add(unit)
    }
  }
  let total = units.reduce((sum, u) => (evicted.has(u) ? sum : sum + u.bytes), 0)
  const oldestFirst = units.filter((u) => u.kind !== 'other' && !u.inUse && !evicted.has(u)).sort((a, b) => a.touchedAt - b.touchedAt)
  for (const unit of oldestFirst) {
    if (total <= limits.bytes) break
    evicted.add(unit)
    total -= unit.bytes
  }
  return new Set([...evicted].flatMap((u) => u.queries.map((q) => q.hash)))
}

/** Sizes already measured, by data object (a query's data is a new object each time it changes). */
const measured = new WeakMap<object, number>()

/** A query's data as the device would store it, in bytes (JSON's length: a close, cheap measure). */
export function serialisedBytes(data: unknown): number {
  if (data === undefined || data === null) return 0
  const known = typeof data === 'object' ? measured.get(data) : undefined
  if (known !== undefined) return known
  let bytes: number
  try {
    bytes = new TextEncoder().encode(JSON.stringify(data) ?? '').length
  } catch {
    bytes = 0
  }
  if (typeof data === 'object') measured.set(data, bytes)
  return bytes
}
