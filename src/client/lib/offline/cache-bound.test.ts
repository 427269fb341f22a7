import { describe, expect, it } from 'vitest'
import { groupOf, queriesToEvict, serialisedBytes, type CachedQuery } from '#client/lib/offline/cache-bound.ts'

const blend = (id: number, touchedAt: number, extra: Partial<CachedQuery> = {}): CachedQuery => ({
  hash: `detail-${id}`,
  group: { kind: 'blend', id },
  touchedAt,
  inUse: false,
  bytes: 10,
  ...extra,
})
const list = (n: number, touchedAt: number): CachedQuery => ({
  hash: `list-${n}`,
  group: { kind: 'list' },
  touchedAt,
  inUse: false,
  bytes: 10,
})
const limits = { blends: 200, lists: 12, bytes: Number.MAX_SAFE_INTEGER }

describe('the offline cache bound (docs/product.md "Offline at the bench")', () => {
  it('keeps the 200 most recently opened or updated blends and drops the rest', () => {
    const blends = Array.from({ length: 205 }, (_, i) => blend(i + 1, 1000 + i))
    const evicted = queriesToEvict(blends, limits)
    expect([...evicted].sort()).toEqual(['detail-1', 'detail-2', 'detail-3', 'detail-4', 'detail-5'])
    expect(queriesToEvict(blends.slice(0, 200), limits).size).toBe(0)
  })

  it('drops a blend with everything read of it, and never one on screen', () => {
    const queries = [
      ...Array.from({ length: 3 }, (_, i) => blend(i + 1, 100 + i)),
      { ...blend(1, 50), hash: 'batches-1' },
      blend(9, 1, { inUse: true }),
    ]
    const evicted = queriesToEvict(queries, { ...limits, blends: 1 })
    expect([...evicted].sort()).toEqual(['batches-1', 'detail-1', 'detail-2'])
  })

  it('keeps the newest lists, and anything else whatever its age', () => {
    const queries = [
      ...Array.from({ length: 14 }, (_, i) => list(i, i)),
      { hash: 'summary', group: { kind: 'other' as const }, touchedAt: 0, inUse: false, bytes: 10 },
    ]
    expect([...queriesToEvict(queries, limits)].sort()).toEqual(['list-0', 'list-1'])
  })

  it('drops the least recently touched blends and lists until within the storage budget', () => {
    const queries = [blend(1, 10, { bytes: 400 }), list(1, 20), blend(2, 30, { bytes: 400 }), blend(3, 40, { bytes: 400, inUse: true })]
    expect([...queriesToEvict(queries, { ...limits, bytes: 900 })]).toEqual(['detail-1'])
    expect([...queriesToEvict(queries, { ...limits, bytes: 500 })].sort()).toEqual(['detail-1', 'detail-2', 'list-1'])
  })

  it('groups queries by blend: details, share links and batches', () => {
    expect(groupOf(['/api/blends', 'detail', 4])).toEqual({ kind: 'blend', id: 4 })
    expect(groupOf(['/api/blends', 'shares', 4])).toEqual({ kind: 'blend', id: 4 })
    expect(groupOf(['/api/shelf', 'batches', 4])).toEqual({ kind: 'blend', id: 4 })
    expect(groupOf(['/api/blends', 'list', { q: '' }])).toEqual({ kind: 'list' })
    expect(groupOf(['/api/blends', 'summary'])).toEqual({ kind: 'other' })
    expect(groupOf(['/api/shelf', 'oils'])).toEqual({ kind: 'other' })
  })

  it('measures data as UTF-8 JSON', () => {
    expect(serialisedBytes({ name: 'Ñandú' })).toBe(JSON.stringify({ name: 'Ñandú' }).length + 2)
    expect(serialisedBytes(undefined)).toBe(0)
  })
})
