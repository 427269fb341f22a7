import { useId, useMemo } from 'react'
import type { BlendComparison, ComparedVersion } from '#shared/api/blend-list.ts'
import { changeCounts, compareVersions } from '#shared/domain/version-compare.ts'
import { formatNumber } from '#shared/domain/units.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { Card } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { BatchSizeField, CostCard, LayerCard, useBatch } from '#client/components/compare/version-compare-parts.tsx'
import { useComparison } from '#client/features/journal/api/get-comparison.ts'
import { RatingChartSlot } from '#client/features/journal/components/charts/lazy-charts.tsx'
import { LoadError } from '#client/components/load-error.tsx'

/**
 * Two versions of a blend side by side (docs/product.md "Compare versions", decision 037): the
 * three layers oil by oil (matched by oil id), each oil's share in both with the change, added and
 * removed oils said in words and marks, the grams of a batch of the maker's size and its cost from
 * the shelf, and each version's tests with both rating lines on one chart. One request (GET
 * /api/blends/{id}/compare); a chunk of its own, loaded when a comparison is opened. It is a list,
 * not a table, so on a phone it stacks and never scrolls sideways.
 */
export function VersionCompare({
  blendId,
  a,
  b,
  onChange,
}: {
  blendId: number
  a: string
  b: string
  onChange: (a: string, b: string) => void
}) {
  const comparison = useComparison(blendId, a, b)
  if (!comparison.data) {
    if (comparison.isPending) {
      return (
        <div className="flex items-center gap-3 text-muted-foreground">
          <Spinner label="Loading the versions" />
          <span>Loading the versions...</span>
        </div>
      )
    }
    if (comparison.error instanceof ApiError && comparison.error.status === 404) {
      return (
        <p className="text-muted-foreground">
          These versions are not in your journal. The blend or one of its versions may have been deleted.
        </p>
      )
    }
    return <LoadError message="The versions could not be loaded just now." onRetry={() => void comparison.refetch()} />
  }
  return <Comparison data={comparison.data} loading={comparison.isPlaceholderData} onChange={onChange} />
}

function Comparison({ data, loading, onChange }: { data: BlendComparison; loading: boolean; onChange: (a: string, b: string) => void }) {
  const layers = useMemo(() => compareVersions(data.a, data.b), [data])
  const counts = changeCounts(layers)
  const refs = { a: data.a.referenceNumber, b: data.b.referenceNumber }
  const batch = useBatch(data)

  return (
    <div className="flex flex-col gap-6" aria-busy={loading}>
      <p className="text-muted-foreground">
        <span className="font-medium text-foreground">{data.blend.name}</span>: version <span className="font-mono">{refs.a}</span> beside{' '}
        <span className="font-mono">{refs.b}</span>.
      </p>
      <VersionPickers data={data} onChange={onChange} />
      <p role="status" className="text-sm text-foreground" data-compare-summary="">
        {data.a.id === data.b.id
          ? 'The same version on both sides: choose another to see what changed.'
          : `${counts.added} added · ${counts.removed} removed · ${counts.changed} changed · ${counts.same} the same`}
      </p>

      <BatchSizeField batch={batch} />

      <div className="grid gap-4 lg:grid-cols-3">
        {layers.map((layer) => (
          <LayerCard key={layer.layer} layer={layer} refs={refs} grams={batch.grams} unit={batch.unit} />
        ))}
      </div>

      {batch.cost ? <CostCard refs={refs} cost={batch.cost} /> : null}

      <TestsCard data={data} />
    </div>
  )
}

function VersionPickers({ data, onChange }: { data: BlendComparison; onChange: (a: string, b: string) => void }) {
  const id = useId()
  const pick = (side: 'a' | 'b', reference: string) =>
    side === 'a' ? onChange(reference, data.b.referenceNumber) : onChange(data.a.referenceNumber, reference)
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(['a', 'b'] as const).map((side) => (
        <div key={side} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${side}`}>{side === 'a' ? 'Compare version' : 'With version'}</Label>
          <Select
            id={`${id}-${side}`}
            className="w-full font-mono"
            value={data[side].referenceNumber}
            onChange={(event) => pick(side, event.target.value)}
          >
            {data.choices.map((choice) => (
              <option key={choice.id} value={choice.referenceNumber}>
                {choice.referenceNumber}
              </option>
            ))}
          </Select>
        </div>
      ))}
    </div>
  )
}

function TestsCard({ data }: { data: BlendComparison }) {
  const sides = data.a.id === data.b.id ? [data.a] : [data.a, data.b]
  const charted = data.ratings.some((r) => r.dateTested !== null)
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <section aria-labelledby="compare-tests" className="flex flex-col gap-4">
        <h2 id="compare-tests" className="text-lg font-semibold text-foreground">
          Tests
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {sides.map((version) => (
            <TestStats key={version.id} version={version} />
          ))}
        </div>
        {charted ? (
          <RatingChartSlot blend={{ versions: sides, ratings: data.ratings }} />
        ) : (
          <p className="text-sm text-muted-foreground">
            Rate dated tests of these versions and their ratings over time show here, both on one chart.
          </p>
        )}
      </section>
    </Card>
  )
}

function TestStats({ version }: { version: ComparedVersion }) {
  const stars = (value: number | null) => (value === null ? 'No rating yet' : `${formatNumber(value, value % 1 === 0 ? 0 : 1)} of 5`)
  return (
    <div className="rounded-lg border border-border p-4" data-version-stats={version.referenceNumber}>
      <h3 className="font-mono text-sm font-semibold text-foreground">{version.referenceNumber}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Tests</dt>
        <dd className="text-foreground tabular-nums">{version.testCount}</dd>
        <dt className="text-muted-foreground">Latest rating</dt>
        <dd className="text-foreground tabular-nums">{stars(version.latestRating)}</dd>
        <dt className="text-muted-foreground">Average rating</dt>
        <dd className="text-foreground tabular-nums">{stars(version.averageRating)}</dd>
      </dl>
    </div>
  )
}
