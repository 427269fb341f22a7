import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { useMetaDescription } from '#client/lib/page-meta.ts'
import { HomeLogoLink } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { track } from '#client/lib/track.ts'
import { submitRedeem } from '#client/features/redeem/api/submit-redeem.ts'
import { RedeemDone } from '#client/features/redeem/components/redeem-done.tsx'
import { RedeemForm } from '#client/features/redeem/components/redeem-form.tsx'
import { BOOK } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'
import type { RedeemFormValues } from '#shared/domain/redeem.ts'

/** /redeem: readers of the book claim the launch discount (docs/product.md §2). */
export function RedeemPage() {
  useMetaDescription(
    `Readers of the ${BOOK.title} get ${LAUNCH_DISCOUNT_PERCENT}% off their first year of Accord Pro. Confirm your copy to lock in the launch discount.`,
  )
  const [verified, setVerified] = useState<boolean | null>(null)
  // The claim last sent, so a wrong secret word can be tried again without typing the rest.
  const [sent, setSent] = useState<RedeemFormValues | undefined>(undefined)

  return (
    <div className="flex min-h-dvh flex-col">
      <title>Founding Reader Launch Discount · Accord</title>
      <header className="border-b border-border bg-background">
        <div className="page-container flex h-16 items-center gap-2">
          <Link
            to="/"
            aria-label="Back to the landing page"
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
            <p className="text-center text-sm font-semibold tracking-wide text-accent uppercase">For readers of the book</p>
            <h1 className="mt-3 text-center font-display text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">
              Founding Reader Launch Discount
            </h1>
            {verified === null ? (
              <>
                <p className="mt-4 text-center text-lg leading-relaxed text-muted-foreground">
                  Own the <cite className="not-italic text-foreground">{BOOK.title}</cite>? Join the free beta now and get{' '}
                  {`${LAUNCH_DISCOUNT_PERCENT}% off your first year of Accord Pro at launch.`}
                </p>
                <div className="mt-10 rounded-card border border-border bg-card p-6 shadow-card sm:p-8">
                  <RedeemForm
                    retry={sent}
                    onSubmit={async (values) => {
                      const result = await submitRedeem(values)
                      track('redeem_submit', { verified: result.verified ? 'true' : 'false' })
                      setSent(values)
                      setVerified(result.verified)
                    }}
                  />
                </div>
              </>
            ) : (
              <div className="mt-10">
                <RedeemDone verified={verified} onRetry={() => setVerified(null)} />
              </div>
            )}
            <p className="mt-8 text-center">
              <Button asChild variant="ghost">
                <Link to="/">
                  <ArrowLeft aria-hidden="true" />
                  Back to Landing Page
                </Link>
              </Button>
            </p>
          </div>
        </div>
      </main>
    </div>
  )
}
