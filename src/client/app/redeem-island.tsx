// /redeem's claim on the prerendered page (decision 066): the islands script (src/client/islands.ts)
// loads this once the page has painted and renders the claim (its intro, the form, the answer) into
// its placeholder, in the page's language. The rest of the page stays the HTML the build rendered.
import '#client/lib/zod-config.ts'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RedeemClaim } from '#client/features/redeem/components/redeem-claim.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { DEFAULT_LANGUAGE, languageOf } from '#shared/i18n/languages.ts'

/**
 * Renders the claim in place of its placeholder, as a transition (a slow phone stays responsive),
 * in the page's language (its `<html lang>`, which the server chose, decision 093): that language's
 * words (the book's catalog section, decision 097) are in before anything is rendered.
 */
export async function mountRedeemClaim(container: HTMLElement): Promise<void> {
  await activateLanguage(languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE)
  const root = createRoot(container)
  startTransition(() =>
    root.render(
      <StrictMode>
        <RedeemClaim />
      </StrictMode>,
    ),
  )
}
