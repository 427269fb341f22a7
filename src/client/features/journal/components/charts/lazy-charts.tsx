import { lazy, Suspense } from 'react'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { BlendVersion } from '#shared/api/blends.ts'

// The charts and the rules that shape their data load together, with a blend's details only.
const LazyRatingChart = lazy(() => import('#client/features/journal/components/charts/blend-charts.tsx').then((m) => ({ default: m.BlendRatingChart })))
const LazyCompositionChart = lazy(() =>
  import('#client/features/journal/components/charts/blend-charts.tsx').then((m) => ({ default: m.VersionCompositionChart })),
)

/** The rating chart of a blend's versions, loaded on first use; its space is kept while it loads. */
export function RatingChartSlot({ blend }: { blend: Pick<BlendDetail, 'versions' | 'ratings'> }) {
  return (
    <Suspense fallback={<div className="h-[22rem] w-full animate-pulse rounded-lg bg-muted/60" />}>
      <LazyRatingChart blend={blend} />
    </Suspense>
  )
}

/** A version's composition bar, loaded on first use. */
export function CompositionChartSlot({ version }: { version: Pick<BlendVersion, 'topOils' | 'middleOils' | 'baseOils'> }) {
  return (
    <Suspense fallback={<div className="h-12 w-full animate-pulse rounded-md bg-muted/60" />}>
      <LazyCompositionChart version={version} />
    </Suspense>
  )
}
