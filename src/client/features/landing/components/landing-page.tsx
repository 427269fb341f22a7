import { BookSection } from '#client/features/landing/components/book-section.tsx'
import { HeroSection } from '#client/features/landing/components/hero-section.tsx'
import { HighlightsSection } from '#client/features/landing/components/highlights-section.tsx'
import { LandingFooter } from '#client/features/landing/components/landing-footer.tsx'
import { LandingHeader } from '#client/features/landing/components/landing-header.tsx'
import { SignupSection } from '#client/features/landing/components/signup-section.tsx'

/** What every signed-out visitor sees on any path but the public pages (SPEC.md §2). */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Accord — essential oil blend designer</title>
      <LandingHeader />
      <main id="main" className="flex-1">
        <HeroSection />
        <HighlightsSection />
        <BookSection />
        <SignupSection />
      </main>
      <LandingFooter />
    </div>
  )
}
