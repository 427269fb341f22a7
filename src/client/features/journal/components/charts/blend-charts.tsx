import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { BlendVersion } from '#shared/api/blends.ts'
import { compositionOf, ratingSeries } from '#shared/domain/rating-series.ts'
import { CompositionChart } from '#client/features/journal/components/charts/composition-chart.tsx'
import { RatingChart } from '#client/features/journal/components/charts/rating-chart.tsx'

/**
 * The blend details' charts, in one chunk of their own: the journal loads it (with d3-scale and
 * d3-shape) only when a blend's details are shown (docs/decisions/031-charts.md).
 */
export function BlendRatingChart({ blend }: { blend: Pick<BlendDetail, 'versions' | 'ratings'> }) {
  return <RatingChart series={ratingSeries(blend.versions, blend.ratings)} />
}

export function VersionCompositionChart({ version }: { version: Pick<BlendVersion, 'topOils' | 'middleOils' | 'baseOils'> }) {
  return <CompositionChart layers={compositionOf(version)} />
}
