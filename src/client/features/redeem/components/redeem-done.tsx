import { AlertCircle, ArrowRight, CheckCircle2, RotateCcw } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/lib/book-catalog.ts'

/**
 * The confirmation after an OK answer (docs/product.md §4 "Redeem form"): verified or not. Not
 * verified, it offers to try the secret word again (`onRetry`), back on the form as it was.
 */
export function RedeemDone({ verified, onRetry }: { verified: boolean; onRetry?: () => void }) {
  const t = useMessages()
  return (
    <div role="status" className="rounded-card border border-border bg-card p-8 text-center shadow-card sm:p-10">
      {verified ? (
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-700" />
      ) : (
        <AlertCircle aria-hidden="true" className="mx-auto size-14 text-amber-700" />
      )}
      <h2 className="mt-5 font-display text-3xl font-semibold tracking-tight text-foreground">
        {verified ? t('book.redeem.done.verifiedTitle') : t('book.redeem.done.unverifiedTitle')}
      </h2>
      <p className="mx-auto mt-3 max-w-md text-lg leading-relaxed text-muted-foreground">
        {verified ? t('book.redeem.done.verifiedText', { percent: LAUNCH_DISCOUNT_PERCENT }) : t('book.redeem.done.unverifiedText')}
      </p>
      {verified ? null : (
        <p className="mx-auto mt-4 max-w-md rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('book.redeem.done.help')}</p>
      )}
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {verified || !onRetry ? null : (
          <Button size="lg" variant="outline" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {t('book.redeem.done.retry')}
          </Button>
        )}
        {/* A link to a document, not the router's: the prerendered page renders this without the app. */}
        <Button asChild size="lg">
          <a href="/">
            {t('book.redeem.done.start')}
            <ArrowRight aria-hidden="true" />
          </a>
        </Button>
      </div>
    </div>
  )
}
