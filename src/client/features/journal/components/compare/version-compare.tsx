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
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

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
  const t = useMessages()
  const comparison = useComparison(blendId, a, b)
  if (!comparison.data) {
    if (comparison.isPending) {
      return (
        <div className="flex items-center gap-3 text-muted-foreground">
          <Spinner label={t('journal.compare.loadingLabel')} />
          <span>{t('journal.compare.loading')}</span>
        </div>
      )
    }
    if (comparison.error instanceof ApiError && comparison.error.status === 404) {
      return <p className="text-muted-foreground">{t('journal.compare.notFound')}</p>
    }
    return <LoadError message={t('journal.compare.loadFailed')} onRetry={() => void comparison.refetch()} />
  }
  return <Comparison data={comparison.data} loading={comparison.isPlaceholderData} onChange={onChange} />
}

/** Marks standing for the elements inside a message, which `pieces` splits it around. */
const NAME = '\uE000'
const REF_A = '\uE001'
const REF_B = '\uE002'
const pieces = (text: string) => text.split(/([\uE000-\uE002])/).filter((piece) => piece !== '')

function Comparison({ data, loading, onChange }: { data: BlendComparison; loading: boolean; onChange: (a: string, b: string) => void }) {
  const t = useMessages()
  const layers = useMemo(() => compareVersions(data.a, data.b), [data])
  const counts = changeCounts(layers)
  const refs = { a: data.a.referenceNumber, b: data.b.referenceNumber }
  const batch = useBatch(data)

  return (
    <div className="flex flex-col gap-6" aria-busy={loading}>
      <p className="text-muted-foreground">
        {pieces(t('journal.compare.intro', { name: NAME, a: REF_A, b: REF_B })).map((piece, index) =>
          piece === NAME ? (
            <span key={index} className="font-medium text-foreground">
              {data.blend.name}
            </span>
          ) : piece === REF_A || piece === REF_B ? (
            <span key={index} className="font-mono">
              {piece === REF_A ? refs.a : refs.b}
            </span>
          ) : (
            piece
          ),
        )}
      </p>
      <VersionPickers data={data} onChange={onChange} />
      <p role="status" className="text-sm text-foreground" data-compare-summary="">
        {data.a.id === data.b.id
          ? t('journal.compare.same')
          : t('journal.compare.counts', { added: counts.added, removed: counts.removed, changed: counts.changed, same: counts.same })}
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
  const t = useMessages()
  const id = useId()
  const pick = (side: 'a' | 'b', reference: string) =>
    side === 'a' ? onChange(reference, data.b.referenceNumber) : onChange(data.a.referenceNumber, reference)
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(['a', 'b'] as const).map((side) => (
        <div key={side} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${side}`}>{side === 'a' ? t('journal.compare.pickA') : t('journal.compare.pickB')}</Label>
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
  const t = useMessages()
  const sides = data.a.id === data.b.id ? [data.a] : [data.a, data.b]
  const charted = data.ratings.some((r) => r.dateTested !== null)
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <section aria-labelledby="compare-tests" className="flex flex-col gap-4">
        <h2 id="compare-tests" className="text-lg font-semibold text-foreground">
          {t('journal.compare.tests')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {sides.map((version) => (
            <TestStats key={version.id} version={version} />
          ))}
        </div>
        {charted ? (
          <RatingChartSlot blend={{ versions: sides, ratings: data.ratings }} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('journal.compare.noChart')}</p>
        )}
      </section>
    </Card>
  )
}

function TestStats({ version }: { version: ComparedVersion }) {
  const t = useMessages()
  const stars = (value: number | null) =>
    value === null ? t('journal.compare.noRating') : t('journal.compare.outOf5', { value: formatNumber(value, value % 1 === 0 ? 0 : 1) })
  return (
    <div className="rounded-lg border border-border p-4" data-version-stats={version.referenceNumber}>
      <h3 className="font-mono text-sm font-semibold text-foreground">{version.referenceNumber}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('journal.compare.tests')}</dt>
        <dd className="text-foreground tabular-nums">{version.testCount}</dd>
        <dt className="text-muted-foreground">{t('journal.compare.latest')}</dt>
        <dd className="text-foreground tabular-nums">{stars(version.latestRating)}</dd>
        <dt className="text-muted-foreground">{t('journal.compare.average')}</dt>
        <dd className="text-foreground tabular-nums">{stars(version.averageRating)}</dd>
      </dl>
    </div>
  )
}
