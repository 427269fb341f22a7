import type { ReactNode } from 'react'
import { BookSection } from '#client/features/landing/components/book-section.tsx'
import { HeroSection } from '#client/features/landing/components/hero-section.tsx'
import { HighlightsSection } from '#client/features/landing/components/highlights-section.tsx'
import { LandingFooter } from '#client/features/landing/components/landing-footer.tsx'
import { LandingHeader } from '#client/features/landing/components/landing-header.tsx'
import { SignupSection } from '#client/features/landing/components/signup-section.tsx'

/**
 * What every signed-out visitor sees on any path but the public pages (SPEC.md §2). The app
 * supplies the account parts: `onSignIn` for the top bar's Sign In (it opens the sign-in dialog)
 * and `signupForm` for the signup section.
 */
export function LandingPage({ onSignIn, signupForm }: { onSignIn?: () => void; signupForm?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Accord — essential oil blend designer</title>
      <LandingHeader onSignIn={onSignIn} />
      <main id="main" className="flex-1">
        <HeroSection />
        <HighlightsSection />
        <BookSection />
        <SignupSection form={signupForm} />
      </main>
      <LandingFooter />
    </div>
  )
}
