import { Equal, Minus, MoveRight, Plus } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { amountProblem } from '#shared/domain/calculator.ts'
import type { ShelfHolding } from '#shared/domain/shelf.ts'
import { isWeightUnit, parseDecimal, WEIGHT_UNITS, type WeightUnit } from '#shared/domain/units.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { useAmountWords } from '#client/lib/amount-words.ts'
import {
  batchAmountText,
  batchSide,
  costDifference,
  formatDelta,
  layerOilKey,
  type ComparableVersion,
  type ComparedLayer,
  type ComparedOil,
  type OilChange,
} from '#shared/domain/version-compare.ts'
import { useOils } from '#client/lib/catalog.ts'
import { cn } from '#client/lib/cn.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import { formatMoney } from '#client/lib/money.ts'
import { useShelfOils } from '#client/lib/shelf-queries.ts'
import { Card } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'

/**
 * The parts of a comparison of two versions (docs/product.md "Compare versions", decision 037):
 * a layer oil by oil with the change, the batch size both are made at, and their cost from the
 * shelf. The journal's comparison (features/journal/components/compare/version-compare.tsx) and
 * the calculator's "Make it compliant" (decision 071) show two versions with them.
 */

export interface Batch {
  weightText: string
  setWeightText: (text: string) => void
  unit: WeightUnit
  setUnit: (unit: WeightUnit) => void
  problem: string | null
  /** Grams per oil of each side, by layerOilKey; null while the size is not a number above 0. */
  grams: { a: Map<string, number>; b: Map<string, number> } | null
  /** Each side's cost and the difference, when the shelf prices at least one side. */
  cost: { currency: string; a: number | null; b: number | null; difference: number | null; partial: boolean } | null
}

/**
 * The batch the maker chooses (10 g of the blend to start), made and priced as the calculator does.
 * Any two versions (the calculator's "Make it compliant" compares a version with its proposal).
 */
export function useBatch(data: { a: ComparableVersion; b: ComparableVersion }): Batch {
  const t = useMessages()
  const [weightText, setWeightText] = useState('10')
  const [unit, setUnit] = useState<WeightUnit>('g')
  const oils = useOils()
  const shelf = useShelfOils()
  const typed = parseDecimal(weightText)
  const problem = typed.kind === 'blank' ? t('common.compare.giveSize') : amountProblem(typed)
  const weight = typed.kind === 'number' && typed.value > 0 ? typed.value : null
  const densities = useMemo(() => new Map((oils.data ?? []).map((oil) => [oil.id, oil.densityGPerMl])), [oils.data])
  const holdings = useMemo(() => new Map<number, ShelfHolding>((shelf.data?.items ?? []).map((item) => [item.oilId, item])), [shelf.data])
  if (weight === null) return { weightText, setWeightText, unit, setUnit, problem, grams: null, cost: null }
  const size = { weight, unit }
  const [sideA, sideB] = [batchSide(data.a, size, densities, holdings), batchSide(data.b, size, densities, holdings)]
  const currency = shelf.data?.currency ?? null
  const priced = sideA.cost.totalCost !== null || sideB.cost.totalCost !== null
  return {
    weightText,
    setWeightText,
    unit,
    setUnit,
    problem,
    grams: { a: sideA.grams, b: sideB.grams },
    cost:
      priced && currency
        ? {
            currency,
            a: sideA.cost.totalCost,
            b: sideB.cost.totalCost,
            difference: costDifference(sideA.cost, sideB.cost),
            partial: sideA.cost.costIsPartial || sideB.cost.costIsPartial,
          }
        : null,
  }
}

export function BatchSizeField({ batch }: { batch: Batch }) {
  const t = useMessages()
  const amounts = useAmountWords()
  const id = useId()
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-foreground">{t('common.compare.batchTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('common.compare.batchDescription')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-weight`}>{t('common.compare.batchSize')}</Label>
          <Input
            id={`${id}-weight`}
            inputMode="decimal"
            autoComplete="off"
            className="w-28"
            value={batch.weightText}
            onChange={(event) => batch.setWeightText(event.target.value)}
            aria-invalid={batch.problem ? true : undefined}
            aria-describedby={batch.problem ? `${id}-problem` : undefined}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-unit`}>{t('common.compare.unit')}</Label>
          <Select
            id={`${id}-unit`}
            value={batch.unit}
            onChange={(event) => isWeightUnit(event.target.value) && batch.setUnit(event.target.value)}
          >
            {WEIGHT_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {amounts.unitName(unit)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {batch.problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive">
          {batch.problem}
        </p>
      ) : null}
    </Card>
  )
}

const CHANGE_WORDS: Record<OilChange, string> = {
  added: 'common.compare.change.added',
  removed: 'common.compare.change.removed',
  changed: 'common.compare.change.changed',
  same: 'common.compare.change.same',
}
const LAYER_NAMES: Record<ComparedLayer['layer'], string> = {
  Top: 'common.compare.layer.top',
  Middle: 'common.compare.layer.middle',
  Base: 'common.compare.layer.base',
}
const CHANGE_ICONS = { added: Plus, removed: Minus, changed: MoveRight, same: Equal } as const
const CHANGE_CLASSES: Record<OilChange, string> = {
  added: 'bg-primary-soft text-primary border-primary/30',
  removed: 'bg-destructive/10 text-destructive border-destructive/30',
  changed: 'bg-accent-soft text-accent border-accent/30',
  same: 'bg-muted text-muted-foreground border-border',
}

/** Added, Removed, Changed or Same: a word and a mark, never colour alone. */
function ChangeMark({ change }: { change: OilChange }) {
  const t = useMessages()
  const Icon = CHANGE_ICONS[change]
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium', CHANGE_CLASSES[change])}
      data-change={change}
    >
      <Icon aria-hidden="true" className="size-3" />
      {t(CHANGE_WORDS[change])}
    </span>
  )
}

const share = (t: ReturnType<typeof useMessages>, value: number | null) => (value === null ? t('common.compare.none') : shownPercent(value))

export function LayerCard({
  layer,
  refs,
  grams,
  unit,
}: {
  layer: ComparedLayer
  refs: { a: string; b: string }
  grams: Batch['grams']
  unit: WeightUnit
}) {
  const t = useMessages()
  const titleId = useId()
  const total =
    layer.totalA === layer.totalB
      ? t('common.compare.inBoth', { value: shownPercent(layer.totalA) })
      : `${shownPercent(layer.totalA)} → ${shownPercent(layer.totalB)}`
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-5">
      <section aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">
            {t(LAYER_NAMES[layer.layer])}
          </h2>
          <span className="text-sm text-muted-foreground tabular-nums">{total}</span>
        </div>
        {layer.oils.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('common.compare.noOils')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {layer.oils.map((oil) => (
              <OilRow
                key={oil.id}
                oil={oil}
                refs={refs}
                unit={unit}
                grams={grams && { a: grams.a.get(layerOilKey(layer.layer, oil.id)), b: grams.b.get(layerOilKey(layer.layer, oil.id)) }}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  )
}

function OilRow({
  oil,
  refs,
  grams,
  unit,
}: {
  oil: ComparedOil
  refs: { a: string; b: string }
  grams: { a: number | undefined; b: number | undefined } | null
  unit: WeightUnit
}) {
  const t = useMessages()
  const shownName = useOilName()
  const amount = (value: number | undefined) => batchAmountText(value, unit)
  return (
    <li className="flex flex-col gap-1 py-2.5 first:pt-0 last:pb-0" data-oil={oil.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words text-foreground">{shownName(oil.name)}</span>
        <ChangeMark change={oil.change} />
      </div>
      <p className="text-sm text-foreground tabular-nums" data-oil-shares="">
        {oil.change === 'same' ? (
          t('common.compare.inBoth', { value: share(t, oil.a) })
        ) : (
          <>
            <span className="font-mono text-xs text-muted-foreground">{refs.a}</span> {share(t, oil.a)} →{' '}
            <span className="font-mono text-xs text-muted-foreground">{refs.b}</span> {share(t, oil.b)}, {formatDelta(oil.delta)}
          </>
        )}
      </p>
      {grams ? (
        <p className="text-xs text-muted-foreground tabular-nums">
          {oil.change === 'same' && grams.a === grams.b
            ? t('common.compare.inBoth', { value: amount(grams.a) })
            : `${amount(grams.a)} → ${amount(grams.b)}`}
        </p>
      ) : null}
    </li>
  )
}

export function CostCard({ refs, cost }: { refs: { a: string; b: string }; cost: NonNullable<Batch['cost']> }) {
  const t = useMessages()
  const money = (value: number | null) => (value === null ? t('common.compare.noPrice') : formatMoney(value, cost.currency))
  const difference = cost.difference
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-foreground">{t('common.compare.costTitle')}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm tabular-nums">
        <dt className="font-mono text-muted-foreground">{refs.a}</dt>
        <dd className="text-foreground">{money(cost.a)}</dd>
        <dt className="font-mono text-muted-foreground">{refs.b}</dt>
        <dd className="text-foreground">{money(cost.b)}</dd>
        {difference !== null ? (
          <>
            <dt className="text-muted-foreground">{t('common.compare.difference')}</dt>
            <dd className="font-medium text-foreground" data-cost-difference="">
              {difference === 0
                ? t('common.compare.theSame')
                : t(difference > 0 ? 'common.compare.costsMore' : 'common.compare.costsLess', {
                    amount: `${difference > 0 ? '+' : '\u2212'}${formatMoney(Math.abs(difference), cost.currency)}`,
                    ref: refs.b,
                  })}
            </dd>
          </>
        ) : null}
      </dl>
      {cost.partial ? <p className="text-xs text-muted-foreground">{t('common.compare.partial')}</p> : null}
    </Card>
  )
}
