import type { CalculatorResult } from '#shared/domain/calculator.ts'
import { columnUnit, DROPS_PER_ML, type WeightUnit } from '#shared/domain/units.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { OilAmounts } from '#client/features/calculator/components/oil-amounts.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useAmountWords } from '#client/lib/amount-words.ts'

/**
 * The total oil, a row per oil (layer, oil, share, weight, mL, drops) and the batch totals; the
 * weight as typed (`weightText`), not rounded.
 */
export function CalculatorResults({ result, unit, weightText }: { result: CalculatorResult; unit: WeightUnit; weightText: string }) {
  const t = useMessages()
  const amounts = useAmountWords()
  const soap = result.basis !== 'product'
  const typed =
    unit === 'g'
      ? `${weightText} g`
      : `${weightText} ${unit} · ${amounts.amount(result.productGrams - (soap ? result.totalOil.grams : 0))} g`
  return (
    <div className="flex flex-col gap-5 print:gap-3">
      <div className="rounded-lg bg-primary-soft p-4 print:py-0">
        <p className="text-sm font-medium text-primary">{t('calculator.results.totalOil')}</p>
        <p className="font-display text-3xl font-semibold text-foreground" data-testid="total-oil">
          {amounts.weight(result.totalOil, result.columnUnit)}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('calculator.results.about', {
            ml: amounts.shown(result.totalOil.shownMl, result.totalOil.ml, 'mL'),
            drops: amounts.drops(result.totalOil.wholeDrops, result.totalOil.drops),
          })}
        </p>
      </div>

      <OilAmounts result={result} unit={unit} />

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-lg border border-border p-3">
          <dt className="text-muted-foreground">{soap ? t('calculator.results.soapOils') : t('calculator.results.productWeight')}</dt>
          <dd className="font-semibold tabular-nums text-foreground" data-testid="product-weight">
            {typed}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-muted-foreground">{t('calculator.results.essentialOil')}</dt>
          <dd className="font-semibold tabular-nums text-foreground">{amounts.weight(result.totalOil, result.columnUnit)}</dd>
        </div>
        {soap ? (
          <div className="rounded-lg border border-border p-3">
            <dt className="text-muted-foreground">{t('calculator.results.share')}</dt>
            <dd className="font-semibold tabular-nums text-foreground" data-testid="product-share">
              {t('calculator.results.atMost', { percent: shownPercent(result.productPercentage) })}
            </dd>
          </div>
        ) : (
          <Total label={t('calculator.results.base')} grams={result.baseGrams} unit={unit} />
        )}
      </dl>

      {soap ? <p className="text-sm text-muted-foreground">{t('calculator.results.shareNote')}</p> : null}
      <p className="text-sm text-muted-foreground">{t('calculator.results.dropsNote', { drops: DROPS_PER_ML })}</p>
    </div>
  )
}

function Total({ label, grams, unit }: { label: string; grams: number; unit: WeightUnit }) {
  const amounts = useAmountWords()
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums text-foreground">
        {unit === 'g' ? amounts.inUnit(grams, 'g') : `${amounts.inUnit(grams, columnUnit(grams, unit))} · ${amounts.inUnit(grams, 'g')}`}
      </dd>
    </div>
  )
}
