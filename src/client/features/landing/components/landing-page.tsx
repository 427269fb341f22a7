import { useMetaDescription } from '#client/lib/page-meta.ts'
import { landingMeta } from '#client/features/landing/meta.ts'
export { landingWordsReady } from '#client/features/landing/landing-catalog.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useMarkHydrated } from '#client/lib/prerendered.ts'
import type { ReactNode } from 'react'
import { BookSection } from '#client/features/landing/components/book-section.tsx'
import { FeatureWalkthroughs } from '#client/features/landing/components/feature-walkthroughs.tsx'
import { FreeBetaNotice } from '#client/features/landing/components/free-beta-notice.tsx'
import { HeroSection } from '#client/features/landing/components/hero-section.tsx'
import { HighlightsSection } from '#client/features/landing/components/highlights-section.tsx'
import { LandingFooter } from '#client/features/landing/components/landing-footer.tsx'
import { LandingHeader } from '#client/features/landing/components/landing-header.tsx'
import { ScreenshotsSection } from '#client/features/landing/components/screenshots-section.tsx'
import { SignupSection } from '#client/features/landing/components/signup-section.tsx'

/**
 * What every signed-out visitor sees on any path but the public pages (docs/product.md §2). The app
 * supplies the account parts: `onSignIn` for the top bar's Sign In (it opens the sign-in dialog)
 * and `signupForm` for the signup section.
 */
export function LandingPage({ onSignIn, signupForm }: { onSignIn?: () => void; signupForm?: ReactNode }) {
  useMarkHydrated()
  useMessages()
  const meta = landingMeta()
  useMetaDescription(meta.description)
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{meta.title}</title>
      <LandingHeader onSignIn={onSignIn} />
      <main id="main" className="flex-1">
        <HeroSection />
        <HighlightsSection />
        <ScreenshotsSection />
        <FeatureWalkthroughs />
        <BookSection />
        <FreeBetaNotice />
        <SignupSection form={signupForm} />
      </main>
      <LandingFooter />
    </div>
  )
}
