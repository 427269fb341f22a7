import { describe, expect, it } from 'vitest'
import { compositionOf, ratingSeries, type RatedTest } from '#shared/domain/rating-series.ts'

const made = '2025-03-01'
const test = (entryId: number, versionId: number, dateTested: string | null, rating: number): RatedTest => ({
  entryId,
  versionId,
  dateMade: made,
  dateTested,
  rating,
})

describe('rating series', () => {
  it('places a test by its day: midnights since the day made, same day = day 0', () => {
    const series = ratingSeries(
      [{ id: 1, referenceNumber: '001a' }],
      [test(1, 1, '2025-03-01', 3), test(2, 1, '2025-03-02', 4), test(3, 1, '2025-03-31', 5)],
    )
    expect(series[0]!.points.map((p) => p.days)).toEqual([0, 1, 30])
  })

  it('makes one line per version (its tests made on one day) with a dated rating, ordered by days since made', () => {
    const versions = [
      { id: 1, referenceNumber: '001a' },
      { id: 2, referenceNumber: '001b' },
      { id: 3, referenceNumber: '001c' },
    ]
    const series = ratingSeries(versions, [
      test(10, 1, '2025-03-15', 4),
      test(11, 1, '2025-03-03', 2),
      test(12, 2, '2025-03-08', 5),
      test(13, 3, null, 3),
    ])
    expect(series.map((s) => [s.label, s.points.map((p) => [p.days, p.rating])])).toEqual([
      [
        '001a',
        [
          [2, 2],
          [14, 4],
        ],
      ],
      ['001b', [[7, 5]]],
    ])
  })

  it('draws one line per batch: tests of one version made months apart are never joined', () => {
    const at = (entryId: number, dateMade: string, dateTested: string, rating: number): RatedTest => ({
      entryId,
      versionId: 1,
      dateMade,
      dateTested,
      rating,
    })
    const series = ratingSeries(
      [{ id: 1, referenceNumber: '001a' }],
      [
        at(1, '2026-06-01', '2026-06-03', 2),
        at(2, '2026-11-20', '2026-11-21', 4),
        at(3, '2026-06-01', '2026-06-10', 3),
        at(4, '2026-11-20', '2026-11-27', 5),
      ],
    )
    expect(series.map((s) => [s.key, s.label, s.points.map((p) => [p.days, p.rating])])).toEqual([
      [
        '1:2026-06-01',
        '001a, made 1 Jun 2026',
        [
          [2, 2],
          [9, 3],
        ],
      ],
      [
        '1:2026-11-20',
        '001a, made 20 Nov 2026',
        [
          [1, 4],
          [7, 5],
        ],
      ],
    ])
  })

  it('shows the oils within each layer and the layer shares', () => {
    const layers = compositionOf({
      topOils: [
        { id: 1, name: 'Bergamot', percentage: 15 },
        { id: 2, name: 'Lemon', percentage: 15.5 },
      ],
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
