import type { Amount, CalculatorResult } from '#shared/domain/calculator.ts'
import { formatDrops, formatShown, fromGrams, type WeightUnit } from '#shared/domain/units.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import { layerLabel, unitLabel } from '#client/features/calculator/lib/words.ts'
import { TableScroller } from '#client/components/ui/table-scroller.tsx'

const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap'
const headBase = 'px-3 py-2 font-medium text-muted-foreground whitespace-nowrap'
const head = `${headBase} text-right`
const headLeft = `${headBase} text-left`
/** The millilitre's symbol: the same in every language. */
const ML = 'mL'

// The numbers in the language shown (decision 107): "2,75 g" in German.
/** Grams as shown (to 0.01 g), with the unit. */
const grams = (amount: Amount) => `${formatShown(amount.shownGrams, amount.grams, 'g', currentLanguage())} g`
/** The weight in the column's unit as shown (to 0.001 oz or lb), with the unit. */
const inUnit = (amount: Amount, column: WeightUnit) =>
  `${formatShown(amount.shownInUnit, fromGrams(amount.grams, column), column, currentLanguage())} ${column}`
const ml = (amount: Amount) => formatShown(amount.shownMl, amount.ml, 'mL', currentLanguage())
const drops = (amount: Amount) => formatDrops(amount.wholeDrops, amount.drops, currentLanguage())

/**
 * A row per oil with the batch total: a table from small tablets up, stacked cards on phones. Each
 * column shows the amounts as rounded together (calculateBatch), so its rows add up to its total.
 */
export function OilAmounts({ result, unit }: { result: CalculatorResult; unit: WeightUnit }) {
  return (
    <>
      <OilAmountsTable result={result} unit={unit} />
      <OilAmountsList result={result} unit={unit} />
    </>
  )
}

function OilAmountsTable({ result, unit }: { result: CalculatorResult; unit: WeightUnit }) {
  const t = useMessages()
  const shownName = useOilName()
  return (
    <TableScroller
      label={t('calculator.amounts.caption')}
      className="hidden rounded-lg border border-border sm:block print:block print:overflow-visible"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('calculator.amounts.caption')}</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className={headLeft}>
              {t('calculator.amounts.layer')}
            </th>
            <th scope="col" className={headLeft}>
              {t('calculator.amounts.oil')}
            </th>
            <th scope="col" className={head}>
              {t('calculator.amounts.blendPercent')}
            </th>
            <th scope="col" className={head}>
              {t('calculator.unit.g')}
            </th>
            {unit === 'g' ? null : (
              <th scope="col" className={head}>
                {unitLabel(t, result.columnUnit)}
              </th>
            )}
            <th scope="col" className={head}>
              {ML}
            </th>
            <th scope="col" className={head}>
              {t('calculator.amounts.drops')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {result.rows.map((row, index) => (
            <tr key={`${row.layer}-${row.id}-${index}`}>
              <td className="px-3 py-2 text-muted-foreground">{layerLabel(t, row.layer)}</td>
              <th scope="row" className="px-3 py-2 text-left font-medium text-foreground">
                {shownName(row.name)}
              </th>
              <td className={cell}>{shownPercent(row.percentage)}</td>
              <td className={cell}>{grams(row)}</td>
              {unit === 'g' ? null : <td className={cell}>{inUnit(row, result.columnUnit)}</td>}
              <td className={cell}>{ml(row)}</td>
              <td className={cell}>{drops(row)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-2 text-left">
              {t('calculator.amounts.total')}
            </th>
            <td className={cell}>{grams(result.totalOil)}</td>
            {unit === 'g' ? null : <td className={cell}>{inUnit(result.totalOil, result.columnUnit)}</td>}
            <td className={cell}>{ml(result.totalOil)}</td>
            <td className={cell} data-testid="total-drops">
              {drops(result.totalOil)}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroller>
  )
}

function Amounts({ amount, unit, column }: { amount: Amount; unit: WeightUnit; column: WeightUnit }) {
  const t = useMessages()
  return (
    <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
      <div>
        <dt className="text-muted-foreground">{t('calculator.amounts.weight')}</dt>
        <dd className="font-medium tabular-nums text-foreground">
          {grams(amount)}
          {unit === 'g' ? null : <span className="block text-muted-foreground">{inUnit(amount, column)}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{ML}</dt>
        <dd className="font-medium tabular-nums text-foreground">{ml(amount)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t('calculator.amounts.drops')}</dt>
        <dd className="font-medium tabular-nums text-foreground">{drops(amount)}</dd>
      </div>
    </dl>
  )
}

function OilAmountsList({ result, unit }: { result: CalculatorResult; unit: WeightUnit }) {
  const t = useMessages()
  const shownName = useOilName()
  return (
    <ul aria-label={t('calculator.amounts.caption')} className="flex flex-col gap-3 sm:hidden print:hidden">
      {result.rows.map((row, index) => (
        <li key={`${row.layer}-${row.id}-${index}`} className="rounded-lg border border-border p-3">
          <p className="flex items-baseline justify-between gap-2">
            <span className="font-medium text-foreground">{shownName(row.name)}</span>
            <span className="text-sm text-muted-foreground">
              {layerLabel(t, row.layer)} · {shownPercent(row.percentage)}
            </span>
          </p>
          <Amounts amount={row} unit={unit} column={result.columnUnit} />
        </li>
      ))}
      <li className="rounded-lg border-2 border-border bg-muted p-3">
        <p className="font-semibold text-foreground">{t('calculator.amounts.total')}</p>
        <Amounts amount={result.totalOil} unit={unit} column={result.columnUnit} />
      </li>
    </ul>
  )
}
