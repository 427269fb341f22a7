import type { BlendDetail } from '#shared/api/blend-list.ts'
import { Card } from '#client/components/ui/card.tsx'
import { RatingChartSlot } from '#client/features/journal/components/charts/lazy-charts.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * 'How it matures' on a blend's details (docs/product.md "Charts"): every version's test ratings by
 * days since its batch was made. Until a test is rated it says how to get a chart.
 */
export function MaturationCard({ blend }: { blend: BlendDetail }) {
  // A rating with a test date makes a point (ratingSeries, in the chart's chunk).
  const t = useMessages()
  const charted = blend.ratings.some((r) => r.dateTested !== null)
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6 print:py-4">
      <section aria-labelledby={`matures-${blend.id}`} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={`matures-${blend.id}`} className="text-lg font-semibold text-foreground">
            {t('journal.maturation.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{charted ? t('journal.maturation.charted') : t('journal.maturation.empty')}</p>
        </div>
        {charted ? <RatingChartSlot blend={blend} /> : null}
      </section>
    </Card>
  )
}
