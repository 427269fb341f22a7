import { TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { textButtonClass } from '#client/components/ui/button.tsx'
import type { BatchOilCost } from '#shared/domain/shelf.ts'
import { formatShown } from '#shared/domain/units.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import type { Translate } from '#client/features/calculator/lib/words.ts'

const ml = (shown: number, exact: number) => `${formatShown(shown, exact, 'mL')} mL`
const hundredths = (value: number) => Math.round(value * 100) / 100

/**
 * The warning when the shelf holds too little of some oils for this batch: what the batch needs as
 * the amounts table shows it (`shownMl`, to 0.01 mL), and that less what the shelf holds.
 */
export function ShelfShortage({ short, shownMl }: { short: readonly BatchOilCost[]; shownMl: ReadonlyMap<number, number> }) {
  const t = useMessages()
  if (short.length === 0) return null
  return (
    <section
      aria-labelledby="shelf-shortage-title"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="flex flex-col gap-1.5">
        <h3 id="shelf-shortage-title" className="font-semibold">
          {t('calculator.shortage.title')}
        </h3>
        <ul aria-label={t('calculator.shortage.list')} className="flex flex-col gap-1">
          {short.map((oil) => (
            <li key={oil.oilId}>{shortLine(t, oil, shownMl.get(oil.oilId) ?? 0)}</li>
          ))}
        </ul>
        <p>
          <Link to="/shelf" className={textButtonClass}>
            {t('calculator.shortage.add')}
          </Link>
        </p>
      </div>
    </section>
  )
}

function shortLine(t: Translate, oil: BatchOilCost, needs: number): string {
  const held = oil.ml - oil.shortMl
  const missing = Math.max(0, hundredths(needs - held))
  return t('calculator.shortage.line', { oil: oilName(oil.oilName), needs: ml(needs, oil.ml), missing: ml(missing, oil.shortMl) })
}
