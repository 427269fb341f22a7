import { Suspense } from 'react'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import '#client/lib/currency-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

// The form, its form library and the settings schema load on their own, after the page.
const CurrencyFormFields = preloadedChunk(() => import('#client/components/currency-form-fields.tsx').then((m) => m.CurrencyFormFields))

/**
 * The user's one currency (docs/product.md, "The oil shelf"), chosen from the ISO 4217 codes the
 * browser knows; the shelf page and the account page both show it.
 */
export function CurrencyForm({ current, className }: { current: string | null; className?: string }) {
  const t = useMessages()
  return (
    <Suspense fallback={<Spinner label={t('currency.loading')} />}>
      <CurrencyFormFields current={current} className={className} />
    </Suspense>
  )
}
