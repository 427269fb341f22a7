import { CalendarClock } from 'lucide-react'
import type { ShelfOil } from '#shared/api/shelf.ts'
import { formatMl } from '#client/features/shelf/lib/format.ts'
import { lotStatusText } from '#client/features/shelf/lib/lot-status.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'

const ORDER = { expired: 0, 'opened-long-ago': 1, 'expires-soon': 2 } as const

/**
 * The top of the shelf (docs/product.md "Lots and expiry"): the bottles with oil left that have
 * expired, are old for an oil that oxidises soon, or expire soon, from GET /api/shelf/oils (every
 * bottle, not the loaded page). Nothing when there are none.
 */
export function AgeingLots({ oils }: { oils: readonly ShelfOil[] }) {
  const t = useMessages()
  const shownName = useOilName()
  const lots = oils
    .flatMap((oil) => (oil.ageingLots ?? []).map((lot) => ({ ...lot, oilName: shownName(oil.oilName) })))
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || (a.bestBefore ?? '').localeCompare(b.bestBefore ?? ''))
  if (lots.length === 0) return null
  return (
    <section aria-labelledby="ageing-lots-title" className="flex gap-3 rounded-lg border border-warning/40 bg-accent-soft p-4 text-sm">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="ageing-lots-title" className="font-semibold text-foreground">
          {t('shelf.ageing.title')}
        </h2>
        <ul aria-label={t('shelf.ageing.list')} className="flex flex-col gap-1.5 text-foreground">
          {lots.map((lot) => {
            const { label, sentence } = lotStatusText(t, lot.status, lot)
            const values = { oil: lot.oilName, lot: lot.lotCode, left: formatMl(lot.remainingMl), sentence }
            return (
              <li key={lot.bottleId}>
                <span className="font-medium">{label}</span>
                {lot.lotCode ? t('shelf.ageing.lotWithCode', values) : t('shelf.ageing.lot', values)}
              </li>
            )
          })}
        </ul>
        <p className="text-muted-foreground">{t('shelf.ageing.note')}</p>
      </div>
    </section>
  )
}
