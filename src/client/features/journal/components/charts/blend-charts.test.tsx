import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { RatingPoint } from '#shared/api/blend-list.ts'
import type { RatingSeries } from '#shared/domain/rating-series.ts'
import { BlendRatingChart } from '#client/features/journal/components/charts/blend-charts.tsx'

const drawn = vi.hoisted(() => [] as RatingSeries[][])
vi.mock('#client/features/journal/components/charts/rating-chart.tsx', () => ({
  RatingChart: ({ series }: { series: RatingSeries[] }) => {
    drawn.push(series)
    return null
  },
}))

const versions = [{ id: 1, referenceNumber: '001' }]
const rating = (entryId: number, dateTested: string, value: number): RatingPoint => ({
  entryId,
  versionId: 1,
  dateMade: '2026-11-01',
  dateTested,
  rating: value,
})

describe('BlendRatingChart (decision 087)', () => {
  it('does not redraw the chart when its versions and ratings are the same, and follows a saved rating', () => {
    const ratings = [rating(1, '2026-11-02', 3)]
    const { rerender } = render(<BlendRatingChart blend={{ versions, ratings }} />)
    expect(drawn).toHaveLength(1)

    // A render of the details for anything else (a new blend object, the same data): the chart is not drawn again.
    rerender(<BlendRatingChart blend={{ versions, ratings }} />)
    expect(drawn).toHaveLength(1)

    // A saved test entry: the chart follows with the new point.
    rerender(<BlendRatingChart blend={{ versions, ratings: [...ratings, rating(2, '2026-11-08', 5)] }} />)
    expect(drawn.at(-1)!.flatMap((s) => s.points.map((p) => [p.entryId, p.rating]))).toEqual([
      [1, 3],
      [2, 5],
    ])
  })
})
