import type { ShelfOil } from '#shared/api/shelf.ts'
import { formatMl, formatPrice } from '#client/features/shelf/lib/format.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import { TableScroller } from '#client/components/ui/table-scroller.tsx'

const cell = 'px-2 py-2.5 sm:px-3 text-right tabular-nums whitespace-nowrap'
const head = 'px-2 py-2 sm:px-3 font-medium text-muted-foreground whitespace-nowrap'

/**
 * One line per oil on the shelf: how many bottles, the mL left over all of them, and the cost per mL.
 * On a phone (under 640 px) the bottle count goes under the oil's name, so the three columns left
 * fit a 360 px screen whole, cost per mL included (issue 31).
 */
export function ShelfOilsTable({ oils, currency }: { oils: readonly ShelfOil[]; currency: string | null }) {
  const t = useMessages()
  const shownName = useOilName()
  return (
    <TableScroller label={t('shelf.oils.caption')} className="rounded-lg border border-border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('shelf.oils.caption')}</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className={`${head} text-left`}>
              {t('shelf.oils.oil')}
            </th>
            <th scope="col" className={`${head} hidden text-right sm:table-cell`}>
              {t('shelf.oils.bottles')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('shelf.oils.left')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              <span className="sm:hidden">{t('shelf.oils.perMl')}</span>
              <span className="hidden sm:inline">{t('shelf.oils.costPerMl')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {oils.map((oil) => (
            <tr key={oil.oilId}>
              <th scope="row" className="px-2 py-2.5 text-left sm:px-3 font-medium text-foreground">
                {shownName(oil.oilName)}
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                  {t('shelf.oils.bottleCount', { count: oil.bottleCount })}
                </span>
              </th>
              <td className={`${cell} hidden sm:table-cell`}>{oil.bottleCount}</td>
              <td className={cell}>{formatMl(oil.remainingMl)}</td>
              <td className={cell}>
                {oil.costPerMl === null ? (
                  <span className="text-muted-foreground">{t('shelf.noPrice')}</span>
                ) : (
                  formatPrice(oil.costPerMl, currency, true)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  )
}
