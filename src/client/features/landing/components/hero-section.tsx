import { ArrowRight } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { StartSignupButton } from '#client/features/landing/components/start-signup-button.tsx'
import { BlendIllustration } from '#client/features/landing/components/blend-illustration.tsx'
import { SectionLink } from '#client/features/landing/components/section-link.tsx'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'
import { LanguageSwitcher } from '#client/components/language-switcher.tsx'
import { chooseOnDevice } from '#client/lib/choose-on-device.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'

/**
 * The landing page's opening, in the visitor's language (docs/product.md "Languages"): its words
 * come from the catalogs, English exactly the spec's. The language switcher sits under the buttons;
 * on the prerendered page the islands script answers it (islands.ts), in the app this component does.
 */
export function HeroSection() {
  const _ = useMessages()
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
            {_('landing.hero.beta')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-4xl leading-[1.1] font-semibold tracking-tight text-foreground sm:text-5xl lg:text-6xl"
          >
            {_('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">{_('landing.hero.lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <StartSignupButton size="lg">
              {_('landing.hero.start')}
              <ArrowRight aria-hidden="true" />
            </StartSignupButton>
            <Button asChild size="lg" variant="outline">
              <SectionLink section={SECTION_IDS.features}>{_('landing.hero.features')}</SectionLink>
            </Button>
          </div>
          <LanguageSwitcher className="mt-6" value={currentLanguage()} onChange={(language) => void chooseOnDevice(language)} />
        </div>
        <BlendIllustration />
      </div>
    </section>
  )
}
