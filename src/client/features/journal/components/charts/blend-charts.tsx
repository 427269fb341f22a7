import { useDeferredValue, useMemo } from 'react'
import type { RatingPoint } from '#shared/api/blend-list.ts'
import { ratingSeries } from '#shared/domain/rating-series.ts'
import { RatingChart } from '#client/features/journal/components/charts/rating-chart.tsx'

/** Versions (a blend's, or the two compared) and their rated tests. */
export interface RatedVersions {
  versions: readonly { id: number; referenceNumber: string }[]
  ratings: readonly RatingPoint[]
}

/**
 * The blend details' rating chart, in a chunk of its own: the journal loads it (with d3-scale and
 * d3-shape) only when a blend's details are shown (docs/decisions/031-charts.md). The composition
 * bar is drawn with the details (composition-chart.tsx), so it is on paper however soon the page
 * is printed.
 */
export function BlendRatingChart({ blend }: { blend: RatedVersions }) {
  // Follows a save by one deferred render (decision 087): the render that shows the saved entry keeps the
  // chart it had, and the chart is redrawn in a background render React may interrupt.
  const versions = useDeferredValue(blend.versions)
  const ratings = useDeferredValue(blend.ratings)
  return useMemo(() => <RatingChart series={ratingSeries(versions, ratings)} />, [versions, ratings])
}
