import type { CalculatorResult } from '#shared/domain/calculator.ts'
import {
  columnUnit,
  DROPS_PER_ML,
  dropsText,
  formatAmount,
  formatInUnit,
  formatPercent,
  formatShown,
  formatWeight,
  type WeightUnit,
} from '#shared/domain/units.ts'
import { OilAmounts } from '#client/features/calculator/components/oil-amounts.tsx'

/**
 * The total oil, a row per oil (layer, oil, share, weight, mL, drops) and the batch totals; the
 * weight as typed (`weightText`), not rounded.
 */
export function CalculatorResults({ result, unit, weightText }: { result: CalculatorResult; unit: WeightUnit; weightText: string }) {
  const soap = result.basis !== 'product'
  const typed =
    unit === 'g' ? `${weightText} g` : `${weightText} ${unit} · ${formatAmount(result.productGrams - (soap ? result.totalOil.grams : 0))} g`
  return (
    <div className="flex flex-col gap-5 print:gap-3">
      <div className="rounded-lg bg-primary-soft p-4 print:py-0">
        <p className="text-sm font-medium text-primary">Total essential oil needed</p>
        <p className="font-display text-3xl font-semibold text-foreground" data-testid="total-oil">
          {formatWeight(result.totalOil, result.columnUnit)}
        </p>
        <p className="text-sm text-muted-foreground">
          About {formatShown(result.totalOil.shownMl, result.totalOil.ml, 'mL')} mL, or{' '}
          {dropsText(result.totalOil.wholeDrops, result.totalOil.drops)}
        </p>
      </div>

      <OilAmounts result={result} unit={unit} />

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-lg border border-border p-3">
          <dt className="text-muted-foreground">{soap ? "The soap's oils" : 'Product weight'}</dt>
          <dd className="font-semibold tabular-nums text-foreground" data-testid="product-weight">
            {typed}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-muted-foreground">Essential oil</dt>
          <dd className="font-semibold tabular-nums text-foreground">{formatWeight(result.totalOil, result.columnUnit)}</dd>
        </div>
        {soap ? (
          <div className="rounded-lg border border-border p-3">
            <dt className="text-muted-foreground">Share of the product</dt>
            <dd className="font-semibold tabular-nums text-foreground" data-testid="product-share">
              at most {formatPercent(result.productPercentage)}
            </dd>
          </div>
        ) : (
          <Total label="Base, carrier or wax" grams={result.baseGrams} unit={unit} />
        )}
      </dl>

      {soap ? (
        <p className="text-sm text-muted-foreground">
          The share of the product is the essential oil over the soap&apos;s oils and the essential oil together; lye and water only make it
          smaller. The safety checks, the label and &apos;Mark as made&apos; use it.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Millilitres use each oil&apos;s typical density. Drops assume the usual convention of {DROPS_PER_ML} drops per mL; real droppers
        give 20-40, so weigh on a 0.01 g scale when it matters.
      </p>
    </div>
  )
}

function Total({ label, grams, unit }: { label: string; grams: number; unit: WeightUnit }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums text-foreground">
        {unit === 'g' ? formatInUnit(grams, 'g') : `${formatInUnit(grams, columnUnit(grams, unit))} · ${formatInUnit(grams, 'g')}`}
      </dd>
    </div>
  )
}
