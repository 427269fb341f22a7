import { formatMoney } from '#client/lib/money.ts'
import type { BatchOilCost } from '#shared/domain/shelf.ts'
import { formatShown } from '#shared/domain/units.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'

export const NO_PRICE = 'No price on your shelf'

/** Millilitres as shown (to 0.01 mL), with the unit: the same in every language. */
const mlText = (shown: number, exact: number) => `${formatShown(shown, exact, 'mL')} mL`

/** Money in the user's currency; before one is chosen, with the generic sign (formatMoney). */
export function money(amount: number, currency: string | null): string {
  return formatMoney(amount, currency)
}

/**
 * A line per oil of the batch: the millilitres it takes and what they cost, or plainly that there
 * is no price. A list rather than a table: it reads the same on a phone and beside the amounts table.
 */
export function BatchCostTable({
  oils,
  currency,
  shownMl,
}: {
  oils: readonly BatchOilCost[]
  currency: string | null
  /** Each oil's millilitres as the amounts table shows them (to 0.01 mL), so the two agree. */
  shownMl: ReadonlyMap<number, number>
}) {
  const t = useMessages()
  const shownName = useOilName()
  return (
    <ul aria-label={t('calculator.cost.list')} className="divide-y divide-border rounded-lg border border-border text-sm">
      {oils.map((oil) => (
        <li key={oil.oilId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2.5">
          <span className="min-w-0">
            <span className="font-medium text-foreground">{shownName(oil.oilName)}</span>{' '}
            <span className="whitespace-nowrap text-muted-foreground tabular-nums">{mlText(shownMl.get(oil.oilId) ?? 0, oil.ml)}</span>
          </span>
          <span className="ml-auto text-right tabular-nums">
            {oil.cost === null ? (
              <span className="text-muted-foreground">{t('calculator.cost.noPrice')}</span>
            ) : (
              <span className="font-medium text-foreground">{money(oil.cost, currency)}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}
