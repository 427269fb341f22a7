import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { USAGE_GUIDE } from '#shared/domain/safety.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { rateText, usageLabel } from '#client/features/calculator/lib/words.ts'

/** docs/product.md §9's typical rates, word for word. */
export function UsageGuidePanel() {
  const t = useMessages()
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>{t('calculator.usage.title')}</CardTitle>
        <CardDescription>{t('calculator.usage.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl data-testid="usage-guide" className="divide-y divide-border text-sm">
          {USAGE_GUIDE.map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="text-foreground">{usageLabel(t, row.label)}</dt>
              <dd className="font-medium tabular-nums text-foreground">{rateText(t, row.rate)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
