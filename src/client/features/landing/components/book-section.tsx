import { ArrowRight, BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { StartSignupButton } from '#client/features/landing/components/start-signup-button.tsx'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
/** What the book holds: the catalog's `landing.book.<key>.title` and `.text`. */
const insideTheBook = ['wheel', 'guidelines', 'structure', 'inspiration'] as const

export function BookSection() {
  const t = useMessages()
  const [beforeBook, afterBook] = aroundPlaceholder(t, 'landing.book.companion', 'book')
  return (
    <section
      id={SECTION_IDS.book}
      tabIndex={-1}
      aria-labelledby="book-title"
      className="below-fold scroll-mt-16 py-20 [--fold-estimate:78rem] outline-none sm:py-24 lg:[--fold-estimate:40rem]"
    >
      <div className="page-container grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t('landing.nav.bookAndApp')}</p>
          <h2 id="book-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('landing.book.title')}
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              {beforeBook}
              <cite className="text-foreground not-italic">Essential Oil Blending Guide</cite>
              {afterBook}
            </p>
            <p>{t('landing.book.readers', { percent: LAUNCH_DISCOUNT_PERCENT })}</p>
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/book">
                {t('landing.book.explore')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <StartSignupButton size="lg" variant="outline">
              {t('landing.hero.start')}
            </StartSignupButton>
          </div>
        </div>
        <div className="rounded-card border border-border bg-card p-6 shadow-card sm:p-8">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
              <BookOpen aria-hidden="true" className="size-5" />
            </span>
            <h3 className="text-lg font-semibold text-foreground">{t('landing.book.inside')}</h3>
          </div>
          <ul className="mt-6 divide-y divide-border">
            {insideTheBook.map((item) => (
              <li key={item} className="py-4 first:pt-0 last:pb-0">
                <p className="font-medium text-foreground">{t(`landing.book.${item}.title`)}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t(`landing.book.${item}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
