import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { useMetaDescription } from '#client/lib/page-meta.ts'
import { useHydrated } from '#client/lib/prerendered.ts'
import { HomeLogoLink } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { REDEEM_CLAIM_ID } from '#client/features/redeem/claim-id.ts'
import { RedeemClaim, RedeemClaimPlaceholder } from '#client/features/redeem/components/redeem-claim.tsx'
import { redeemMeta } from '#client/features/redeem/meta.ts'
import { useMessages } from '#client/lib/i18n.ts'

// The page's words are the book's section (decision 097): the router awaits them before it renders.
export { wordsReady } from '#client/lib/book-catalog.ts'

/**
 * /redeem: readers of the book claim the launch discount (docs/product.md §2). Prerendered (decision
 * 066), the page holds the claim's placeholder, and the islands script renders the claim into it.
 */
export function RedeemPage() {
  const t = useMessages()
  const meta = redeemMeta()
  useMetaDescription(meta.description)
  const hydrated = useHydrated()

  return (
    <div className="flex min-h-dvh flex-col">
      <title>{meta.title}</title>
      <header className="border-b border-border bg-background">
        <div className="page-container flex h-16 items-center gap-2">
          <Link
            to="/"
            aria-label={t('book.redeem.backLabel')}
            className="-ml-2 inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <HomeLogoLink />
        </div>
      </header>
      <main id="main" className="flex-1 bg-[radial-gradient(50rem_24rem_at_50%_-10%,var(--color-primary-soft),transparent_70%)]">
        <div className="page-container py-12 sm:py-16">
          <div className="mx-auto max-w-xl">
            <p className="text-center text-sm font-semibold tracking-wide text-accent uppercase">{t('book.redeem.eyebrow')}</p>
            <h1 className="mt-3 text-center font-display text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">
              {t('book.redeem.title')}
            </h1>
            <div id={REDEEM_CLAIM_ID}>{hydrated ? <RedeemClaim /> : <RedeemClaimPlaceholder />}</div>
            <p className="mt-8 text-center">
              <Button asChild variant="ghost">
                <Link to="/">
                  <ArrowLeft aria-hidden="true" />
                  {t('book.redeem.back')}
                </Link>
              </Button>
            </p>
          </div>
        </div>
      </main>
    </div>
  )
}
