import { ArrowRight } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { StartSignupButton } from '#client/features/landing/components/start-signup-button.tsx'
import { BlendIllustration } from '#client/features/landing/components/blend-illustration.tsx'
import { SectionLink } from '#client/features/landing/components/section-link.tsx'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-primary-soft),transparent_70%),radial-gradient(40rem_24rem_at_-10%_110%,var(--color-accent-soft),transparent_70%)]"
      />
      <div className="page-container grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:gap-16 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/15 bg-card/70 px-3 py-1 text-sm font-medium text-primary">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" />
            Free while Accord is in beta
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-4xl leading-[1.1] font-semibold tracking-tight text-foreground sm:text-5xl lg:text-6xl"
          >
            Create beautiful essential oil blends with confidence
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Accord walks you from a single oil you love to a balanced blend of top, middle and base notes, then keeps every version, test
            and rating in one journal, so the blend that worked is the one you can make again.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <StartSignupButton size="lg">
              Start Free Beta
              <ArrowRight aria-hidden="true" />
            </StartSignupButton>
            <Button asChild size="lg" variant="outline">
              <SectionLink section={SECTION_IDS.features}>See what it does</SectionLink>
            </Button>
          </div>
        </div>
        <BlendIllustration />
      </div>
    </section>
  )
}
