import { useState } from 'react'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
// The claim is rendered on its own by the /redeem island: its words come with it.
import '#client/lib/book-catalog.ts'
import { track } from '#client/lib/track.ts'
import { submitRedeem } from '#client/features/redeem/api/submit-redeem.ts'
import { RedeemDone } from '#client/features/redeem/components/redeem-done.tsx'
import { RedeemForm } from '#client/features/redeem/components/redeem-form.tsx'
import { BOOK } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'
import type { RedeemFormValues } from '#shared/domain/redeem.ts'

function RedeemIntro() {
  const t = useMessages()
  const [before, after] = aroundPlaceholder(t, 'book.redeem.intro', 'title', { percent: LAUNCH_DISCOUNT_PERCENT })
  return (
    <p className="mt-4 text-center text-lg leading-relaxed text-muted-foreground">
      {before}
      <cite className="not-italic text-foreground">{BOOK.title}</cite>
      {after}
    </p>
  )
}

/** The form's card (the placeholder holds its height: 526 px on a phone, 542 from 640 px wide). */
const CARD = 'mt-10 rounded-card border border-border bg-card p-6 shadow-card sm:p-8'

/**
 * /redeem's claim (docs/product.md §4 "Redeem form"): the intro and the form, then the answer. It
 * needs no router, so the prerendered page renders it on its own (app/redeem-island.tsx).
 */
export function RedeemClaim() {
  const [verified, setVerified] = useState<boolean | null>(null)
  // The claim last sent, so a wrong secret word can be tried again without typing the rest.
  const [sent, setSent] = useState<RedeemFormValues | undefined>(undefined)
  if (verified !== null)
    return (
      <div className="mt-10">
        <RedeemDone verified={verified} onRetry={() => setVerified(null)} />
      </div>
    )
  return (
    <>
      <RedeemIntro />
      <div className={CARD}>
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
  )
}

/**
 * The claim as the build renders it: the intro, and the form's room held by an empty card, since a
 * form in the HTML could be submitted by the browser itself before the script handles it (as the
 * landing page's sign-up form, decision 012).
 */
export function RedeemClaimPlaceholder() {
  return (
    <>
      <RedeemIntro />
      <div aria-hidden="true" className={`${CARD} h-[33rem] sm:h-[34rem]`} />
    </>
  )
}
