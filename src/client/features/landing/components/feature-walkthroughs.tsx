import { ArrowRight, BookA, Calculator, Filter, NotebookPen, Palette, Route, type LucideIcon } from 'lucide-react'
import { StartSignupButton } from '#client/features/landing/components/start-signup-button.tsx'
import { useMessages } from '#client/lib/i18n.ts'

interface Walkthrough {
  /** The catalog's ids: `<key>.title`, `<key>.text` and the points `<key>.1` to `<key>.3`. */
  key: string
  icon: LucideIcon
}

// docs/product.md §1: the features the landing page explains.
const WALKTHROUGHS: Walkthrough[] = [
  { key: 'landing.walkthroughs.start', icon: Route },
  { key: 'landing.walkthroughs.families', icon: Palette },
  { key: 'landing.walkthroughs.pairing', icon: Filter },
  { key: 'landing.walkthroughs.calculator', icon: Calculator },
  { key: 'landing.walkthroughs.journal', icon: NotebookPen },
  { key: 'landing.walkthroughs.glossary', icon: BookA },
]
const POINTS = [1, 2, 3] as const

export function FeatureWalkthroughs() {
  const t = useMessages()
  return (
    <section
      aria-labelledby="walkthroughs-title"
      className="below-fold border-t border-border bg-card py-20 [--fold-estimate:190rem] sm:py-24 lg:[--fold-estimate:95rem]"
    >
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t('landing.walkthroughs.eyebrow')}</p>
          <h2 id="walkthroughs-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('landing.walkthroughs.title')}
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {WALKTHROUGHS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex flex-col rounded-card border border-border bg-background p-6 sm:p-8">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-foreground">{t(`${key}.title`)}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{t(`${key}.text`)}</p>
              <ul className="mt-4 flex-1 list-disc space-y-1.5 pl-5 text-muted-foreground marker:text-primary">
                {POINTS.map((n) => (
                  <li key={n}>{t(`${key}.${n}`)}</li>
                ))}
              </ul>
              <StartSignupButton variant="outline" className="mt-6 self-start">
                {t('landing.hero.start')}
                <ArrowRight aria-hidden="true" />
              </StartSignupButton>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
