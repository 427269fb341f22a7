import { ArrowLeft, Clock, ExternalLink, Star } from 'lucide-react'
import { Link } from 'react-router'
import { useMetaDescription } from '#client/lib/page-meta.ts'
import { HomeLogoLink } from '#client/components/logo.tsx'
import { Button, buttonClass } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import { track } from '#client/lib/track.ts'
import { BOOK, BOOK_FACTS, REVIEW_STORES, STORE_LABELS, storeReviewUrl, type BookFacts } from '#shared/config/book.ts'
import { reviewStoreForLanguage } from '#shared/domain/review-store.ts'
import { reviewBookMeta } from '#client/features/review-book/meta.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

// The page's words are the book's section (decision 097): the router awaits them before it renders.
export { wordsReady } from '#client/lib/book-catalog.ts'

const footerLinkClass =
  'rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * /review-book: pick the store you bought from and leave a review there (docs/product.md §2). With a
 * configured ASIN each store opens its review form for the book; without one, its search for the
 * title (decision 015). Prerendered (decision 066), it highlights the store for no language (US);
 * the islands script (src/client/islands.ts) moves the highlight to the visitor's store and reports
 * a press on a store (`data-review-store`).
 */
export function ReviewBookPage({ facts = BOOK_FACTS }: { facts?: Pick<BookFacts, 'asin'> }) {
  const { asin } = facts
  const t = useMessages()
  const meta = reviewBookMeta()
  useMetaDescription(meta.description)
  const [leadBefore, leadAfter] = aroundPlaceholder(t, 'book.review.lead', 'title')
  const [asinBefore, asinAfter] = aroundPlaceholder(t, 'book.review.asin', 'asin')
  const suggested = reviewStoreForLanguage(typeof navigator === 'undefined' ? '' : navigator.language)
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{meta.title}</title>
      <header className="border-b border-border bg-background">
        <div className="page-container flex h-16 items-center justify-between gap-4">
          <HomeLogoLink />
          <nav aria-label={t('book.page.nav')} className="-mr-3 flex items-center gap-1">
            <Button asChild variant="ghost" size="sm">
              <Link to="/book">
                <ArrowLeft aria-hidden="true" />
                {t('book.review.backToBook')}
              </Link>
            </Button>
            {/* On a phone the logo is the way home: the two links did not fit beside it in every language. */}
            <Button asChild variant="ghost" size="sm" className="max-sm:hidden">
              <Link to="/">{t('book.review.home')}</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <div className="page-container py-14 sm:py-20">
          <div className="mx-auto max-w-2xl text-center">
            <p className="inline-flex items-center gap-1 text-accent" aria-hidden="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} className="size-5 fill-current" />
              ))}
            </p>
            <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">
              {t('book.review.title')}
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
              {leadBefore}
              <cite className="not-italic text-foreground">{BOOK.title}</cite>
              {leadAfter}
            </p>
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-primary-soft px-4 py-1.5 text-sm font-medium text-primary">
              <Clock aria-hidden="true" className="size-4" />
              {t('book.review.time', { minutes: 1 })}
            </p>
          </div>

          <section aria-labelledby="stores-title" className="mx-auto mt-12 max-w-2xl">
            <h2 id="stores-title" className="text-center text-xl font-semibold text-foreground">
              {t('book.review.stores')}
            </h2>
            {asin ? null : <p className="mt-2 text-center text-sm text-muted-foreground">{t('book.review.findHint')}</p>}
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {REVIEW_STORES.map((store) => {
                const highlighted = store === suggested
                return (
                  <li key={store}>
                    <a
                      href={storeReviewUrl(store, asin)}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-highlighted={highlighted || undefined}
                      data-review-store={store}
                      onClick={() => track('review_store_click', { store })}
                      className={cn(
                        buttonClass({ variant: highlighted ? 'primary' : 'outline', size: 'lg' }),
                        'h-auto w-full justify-between py-4',
                        highlighted && 'ring-2 ring-primary/30 ring-offset-2 ring-offset-background',
                      )}
                    >
                      {/* Its words may wrap: a language's longer ones still fit a phone (issue 37). */}
                      <span data-store-label="" className="flex min-w-0 flex-col items-start text-left whitespace-normal">
                        <span>{t('book.review.reviewOn', { store: STORE_LABELS[store] })}</span>
                        {highlighted ? (
                          <span data-suggested-note="" className="text-sm font-normal opacity-90">
                            {t('book.review.suggested')}
                          </span>
                        ) : null}
                      </span>
                      <ExternalLink aria-hidden="true" />
                      <span className="sr-only">{t('book.page.newTab')}</span>
                    </a>
                  </li>
                )
              })}
            </ul>
            {asin ? (
              <p className="mt-6 text-center text-sm text-muted-foreground">
                {asinBefore}
                <span className="font-mono text-foreground">{asin}</span>
                {asinAfter}
              </p>
            ) : null}
          </section>
        </div>
      </main>
      <footer className="border-t border-border">
        <nav aria-label={t('book.page.footerNav')} className="page-container flex flex-wrap items-center justify-center gap-6 py-8">
          <Link to="/book" className={footerLinkClass}>
            {t('book.review.aboutBook')}
          </Link>
          <Link to="/" className={footerLinkClass}>
            {t('book.review.accordHome')}
          </Link>
        </nav>
      </footer>
    </div>
  )
}
