import { describe, expect, it } from 'vitest'
import { compositionOf, daysBetween, ratingSeries, type RatedTest } from '#shared/domain/rating-series.ts'

const made = '2025-03-01T09:00:00.000Z'
const test = (entryId: number, versionId: number, dateTested: string | null, rating: number): RatedTest => ({ entryId, versionId, dateMade: made, dateTested, rating })

describe('rating series', () => {
  it.each([
    [made, made, 0],
    [made, '2025-03-02T08:00:00.000Z', 1],
    [made, '2025-03-15T09:00:00.000Z', 14],
    [made, '2025-02-20T09:00:00.000Z', 0],
  ])('counts whole days from %s to %s as %s', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days)
  })

  it('makes one line per version with a dated rating, ordered by days since made', () => {
    const versions = [
      { id: 1, referenceNumber: '001a' },
      { id: 2, referenceNumber: '001b' },
      { id: 3, referenceNumber: '001c' },
    ]
    const series = ratingSeries(versions, [
      test(10, 1, '2025-03-15T09:00:00.000Z', 4),
      test(11, 1, '2025-03-03T09:00:00.000Z', 2),
      test(12, 2, '2025-03-08T09:00:00.000Z', 5),
      test(13, 3, null, 3),
    ])
    expect(series.map((s) => [s.label, s.points.map((p) => [p.days, p.rating])])).toEqual([
      ['001a', [[2, 2], [14, 4]]],
      ['001b', [[7, 5]]],
    ])
  })

  it('shows the oils within each layer and the layer shares', () => {
    const layers = compositionOf({
      topOils: [{ id: 1, name: 'Bergamot', percentage: 15 }, { id: 2, name: 'Lemon', percentage: 15.5 }],
      middleOils: [{ id: 3, name: 'Lavender', percentage: 49.5 }],
      baseOils: [],
    })
    expect(layers.map((l) => [l.layer, l.total, l.oils.map((o) => o.name)])).toEqual([
      ['Top', 30.5, ['Bergamot', 'Lemon']],
      ['Middle', 49.5, ['Lavender']],
      ['Base', 0, []],
    ])
  })
})
