import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'
import { useHydrated } from '#client/lib/prerendered.ts'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** The book's title, the same in every language (not from config/book.ts, which brings a schema library). */
const BOOK_TITLE = 'Essential Oil Blending Guide'

/** What the beta includes: the catalog's `landing.signup.<key>`. */
const included = ['creator', 'journal', 'calculator', 'glossary'] as const

/** Holds the sign-up form's place while it loads, so the section does not jump. */
export function SignupFormPlaceholder() {
  return <div aria-hidden="true" className="h-[30rem] rounded-card border border-brand-foreground/20 bg-brand-foreground/5" />
}

/**
 * Where visitors join the free beta. The sign-up form arrives with accounts and is passed in as
 * `form`; without it the section is a single centred column. The prerendered page shows the
 * form's placeholder until the page has hydrated: a form in the HTML could be submitted by the
 * browser itself, with the password in the address, before React handles it.
 */
export function SignupSection({ form }: { form?: ReactNode }) {
  const hydrated = useHydrated()
  const t = useMessages()
  return (
    <section
      id={SECTION_IDS.signup}
      tabIndex={-1}
      aria-labelledby="signup-title"
      className="below-fold scroll-mt-16 bg-brand py-20 text-brand-foreground [--fold-estimate:72rem] outline-none sm:py-24 lg:[--fold-estimate:42rem]"
    >
      <div
        className={cn('page-container grid gap-12', form ? 'items-center lg:grid-cols-2 lg:gap-16' : 'justify-items-center text-center')}
      >
        <div className={cn(!form && 'max-w-2xl')}>
          <p className="text-sm font-semibold tracking-wide text-brand-foreground/80 uppercase">{t('landing.beta.title')}</p>
          <h2 id="signup-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('landing.signup.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-brand-foreground/85">
            {t('landing.signup.text', { book: BOOK_TITLE, percent: LAUNCH_DISCOUNT_PERCENT })}
          </p>
          <ul className={cn('mt-8 grid gap-3 text-left sm:grid-cols-2', !form && 'mx-auto max-w-xl')}>
            {included.map((item) => (
              <li key={item} className="flex items-start gap-3">
                <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-foreground/15">
                  <Check aria-hidden="true" className="size-3.5" />
                </span>
                <span>{t(`landing.signup.${item}`)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-foreground/10 px-4 py-2 text-sm font-medium">
            <Check aria-hidden="true" className="size-4" />
            {t('landing.signup.noCard')}
          </p>
        </div>
        {form ? (
          <div id={SECTION_IDS.signupForm} className="w-full scroll-mt-20">
            {hydrated ? form : <SignupFormPlaceholder />}
          </div>
        ) : null}
      </div>
    </section>
  )
}
