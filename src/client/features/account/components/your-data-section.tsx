import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { ExportDownloads } from '#client/features/account/components/export-downloads.tsx'
import { ImportPanel } from '#client/features/account/components/import-panel.tsx'
import '#client/features/account/account-catalog.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * "Your data is yours" (docs/product.md, decision 020): download the journal as JSON or CSV, and
 * import an Accord export or a spreadsheet after a preview. A self-contained section for the
 * account page.
 */
export function YourDataSection() {
  const t = useMessages()
  return (
    <section aria-labelledby="your-data-title">
      <Card>
        <CardHeader>
          <CardTitle id="your-data-title">{t('account.data.title')}</CardTitle>
          <CardDescription>{t('account.data.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-8">
          <ExportDownloads />
          <ImportPanel />
        </CardContent>
      </Card>
    </section>
  )
}
