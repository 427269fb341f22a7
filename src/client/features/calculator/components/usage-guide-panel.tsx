import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { USAGE_GUIDE } from '#shared/domain/safety.ts'

/** docs/product.md §9's typical rates, word for word. */
export function UsageGuidePanel() {
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>Usage guidelines</CardTitle>
        <CardDescription>Typical essential oil rates by product.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl data-testid="usage-guide" className="divide-y divide-border text-sm">
          {USAGE_GUIDE.map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="text-foreground">{row.label}</dt>
              <dd className="font-medium tabular-nums text-foreground">{row.rate}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
