import { CalendarClock } from 'lucide-react'
import type { LotWarning, ShelfOil } from '#shared/api/shelf.ts'
import { drawnLotsToWarnFrom, OPENED_OLD_MONTHS } from '#shared/domain/shelf-life.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * The bottles a batch would draw from that have expired or are old for an oil that oxidises soon
 * (docs/product.md "Lots and expiry"): the server's ageing lots, in its draw order, taken as far as
 * the batch needs of each oil. Nothing is blocked. `chosen` is the bottle the maker chose to draw an
 * oil from first (decision 090), by oil id: its warnings follow that choice as the server's draw does.
 */
export function lotWarningsFor(
  lines: readonly { oilId: number; oilName: string; ml: number }[],
  shelf: readonly ShelfOil[],
  chosen: ReadonlyMap<number, { bottleId: number; remainingMl: number; mlBefore: number }> = new Map(),
): LotWarning[] {
  const byOil = new Map(shelf.map((oil) => [oil.oilId, oil]))
  return lines.flatMap((line) =>
    drawnLotsToWarnFrom(byOil.get(line.oilId)?.ageingLots ?? [], line.ml, chosen.get(line.oilId)).map((lot): LotWarning => ({
      bottleId: lot.bottleId,
      oilId: line.oilId,
      oilName: line.oilName,
      lotCode: lot.lotCode,
      status: lot.status as LotWarning['status'],
      bestBefore: lot.bestBefore,
      openedOn: lot.openedOn,
    })),
  )
}

const STATUS_ID: Record<LotWarning['status'], string> = {
  expired: 'common.lotWarnings.status.expired',
  'opened-long-ago': 'common.lotWarnings.status.openedLongAgo',
}

/**
 * One warning's words in the shown language: the oil, the lot and the date it comes from (the
 * sentence of lotStatusSentence, shelf-life.ts, in the `common` section's words).
 */
export function lotWarningLine(t: Translate, warning: LotWarning): string {
  const status = t(STATUS_ID[warning.status], { bestBefore: warning.bestBefore, openedOn: warning.openedOn, months: OPENED_OLD_MONTHS })
  return warning.lotCode
    ? t('common.lotWarnings.line', { oil: warning.oilName, lot: warning.lotCode, status })
    : t('common.lotWarnings.lineNoLot', { oil: warning.oilName, status })
}

export function LotWarnings({ warnings, id = 'lot-warnings' }: { warnings: readonly LotWarning[]; id?: string }) {
  const t = useMessages()
  if (warnings.length === 0) return null
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex gap-3 rounded-lg border border-warning/40 bg-accent-soft p-4 text-sm text-foreground print:hidden"
      data-testid="lot-warnings"
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <h3 id={`${id}-title`} className="font-semibold">
          {t('common.lotWarnings.title', { count: warnings.length })}
        </h3>
        <ul className="flex flex-col gap-1">
          {warnings.map((w) => (
            <li key={w.bottleId}>{lotWarningLine(t, w)}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">{t('common.lotWarnings.advice')}</p>
      </div>
    </section>
  )
}
