// /redeem's claim on the prerendered page (decision 066): the islands script (src/client/islands.ts)
// loads this once the page has painted and renders the claim (its intro, the form, the answer) into
// its placeholder. The rest of the page stays the HTML the build rendered.
import '#client/lib/zod-config.ts'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RedeemClaim } from '#client/features/redeem/components/redeem-claim.tsx'

/** Renders the claim in place of its placeholder, as a transition (a slow phone stays responsive). */
export function mountRedeemClaim(container: HTMLElement): void {
  const root = createRoot(container)
  startTransition(() =>
    root.render(
      <StrictMode>
        <RedeemClaim />
      </StrictMode>,
    ),
  )
}
