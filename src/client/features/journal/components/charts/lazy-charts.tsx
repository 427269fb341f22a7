import { lazy, Suspense } from 'react'
import type { RatedVersions } from '#client/features/journal/components/charts/blend-charts.tsx'

// The rating chart and the rules that shape its data load together, with a blend's details only.
const LazyRatingChart = lazy(() =>
  import('#client/features/journal/components/charts/blend-charts.tsx').then((m) => ({ default: m.BlendRatingChart })),
)

/**
 * The rating chart of a blend's versions, loaded on first use; its space is kept while it loads
 * (on screen: an empty box on paper would say nothing).
 */
export function RatingChartSlot({ blend }: { blend: RatedVersions }) {
  return (
    <Suspense fallback={<div className="h-[22rem] w-full animate-pulse rounded-lg bg-muted/60 print:hidden" />}>
      <LazyRatingChart blend={blend} />
    </Suspense>
  )
}
