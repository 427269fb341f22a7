import { ArrowLeft, ArrowRight, ExternalLink, Gift, PenLine, ShoppingCart, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useMetaDescription } from '#client/lib/page-meta.ts'
import { bookMeta } from '#client/features/book/meta.ts'
import { publishedText, ratingText } from '#client/features/book/book-catalog.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useMarkHydrated } from '#client/lib/prerendered.ts'
import { Button } from '#client/components/ui/button.tsx'
import { BookCover } from '#client/features/book/components/book-cover.tsx'
import { AboutTheAuthor, AboutTheBook, Testimonials, WhatsInside } from '#client/features/book/components/book-sections.tsx'
import { BOOK, BOOK_FACTS, bookListingUrl, type BookFacts } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

// The page's words load with its chunk (decision 097): the router awaits them before it renders.
export { wordsReady } from '#client/features/book/book-catalog.ts'

/**
 * The retailer listing (its search for the title while no ASIN is configured), in a new tab
 * without an opener (docs/product.md §7 "External links").
 */
function BuyLink({
  href,
  children,
  variant = 'primary',
  size = 'lg',
}: {
  href: string
  children: ReactNode
  variant?: 'primary' | 'outline' | 'ghost'
  size?: 'sm' | 'lg'
}) {
  const t = useMessages()
  return (
    // Its words may wrap: a language's longer ones still fit a phone (issue 37).
    <Button asChild wraps variant={variant} size={size}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">{t('book.page.newTab')}</span>
      </a>
    </Button>
  )
}

/**
 * /book: the companion book's promotion page (docs/product.md §2). The facts the spec does not give come
 * from configuration (decision 015); a part whose facts are not configured is left out.
 */
export function BookPage({ facts = BOOK_FACTS }: { facts?: BookFacts }) {
  useMarkHydrated()
  const t = useMessages()
  const meta = bookMeta(facts)
  useMetaDescription(meta.description)
  const listingUrl = bookListingUrl(facts.asin)
  const showsAuthor = Boolean(facts.author && facts.authorBio?.length)
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{meta.title}</title>
      <header className="sticky top-0 z-40 border-b border-border/80 bg-background/95 backdrop-blur-md">
        <nav aria-label={t('book.page.nav')} className="page-container flex h-16 items-center justify-between gap-3">
          <Button asChild wraps variant="ghost" size="sm" className="-ml-3">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              {t('book.page.back')}
            </Link>
          </Button>
          <BuyLink href={listingUrl} size="sm">
            {t('book.page.getOnAmazon')}
          </BuyLink>
        </nav>
      </header>
      <main id="main" className="flex-1">
        <section aria-labelledby="book-title" className="relative isolate overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-primary-soft),transparent_70%),radial-gradient(40rem_24rem_at_-10%_110%,var(--color-accent-soft),transparent_70%)]"
          />
          <div className="page-container grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)] lg:py-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-accent/25 bg-card/80 px-3 py-1 text-sm font-medium text-foreground">
                <span className="inline-flex text-accent" aria-hidden="true">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} className="size-4 fill-current" />
                  ))}
                </span>
                <span>{ratingText(t)}</span>
              </p>
              <h1
                id="book-title"
                className="mt-6 font-display text-4xl leading-[1.1] font-semibold tracking-tight text-foreground sm:text-5xl lg:text-6xl"
              >
                {BOOK.title}
              </h1>
              {facts.author ? (
                <p className="mt-3 text-lg text-muted-foreground">{t('book.page.byAuthor', { author: facts.author })}</p>
              ) : null}
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">{t('book.page.lead')}</p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
                <BuyLink href={listingUrl}>
                  <ShoppingCart aria-hidden="true" />
                  {t('book.page.buy')}
                </BuyLink>
                <Button asChild wraps size="lg" variant="outline">
                  <Link to="/redeem">
                    {t('book.page.haveBook', { percent: LAUNCH_DISCOUNT_PERCENT })}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </div>
              <p className="mt-6 text-sm text-muted-foreground">{publishedText(t)}</p>
            </div>
            <BookCover author={facts.author} />
          </div>
        </section>

        <AboutTheBook />
        <WhatsInside />
        <AboutTheAuthor author={facts.author} bio={facts.authorBio} />
        {/* Tinted sections alternate with plain ones; without the author's, this one is plain. */}
        <Testimonials testimonials={facts.testimonials} tinted={showsAuthor} />

        <section aria-labelledby="reader-actions" className="below-fold py-16 [--fold-estimate:45rem] sm:py-20 lg:[--fold-estimate:28rem]">
          <div className="page-container">
            <h2 id="reader-actions" className="sr-only">
              {t('book.page.readerActions')}
            </h2>
            <div className="grid gap-6 md:grid-cols-2">
              <ActionCard icon={Gift} title={t('book.page.claimCard.title')} to="/redeem" action={t('book.page.claimCard.action')}>
                {t('book.page.claimCard.text', { percent: LAUNCH_DISCOUNT_PERCENT })}
              </ActionCard>
              <ActionCard
                icon={PenLine}
                title={t('book.page.reviewCard.title')}
                to="/review-book"
                action={t('book.page.reviewCard.action')}
              >
                {t('book.page.reviewCard.text')}
              </ActionCard>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="closing-title"
          className="below-fold bg-brand py-16 text-brand-foreground [--fold-estimate:28rem] sm:py-20 lg:[--fold-estimate:22rem]"
        >
          <div className="page-container text-center">
            <h2 id="closing-title" className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              {t('book.page.closing.title')}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-foreground/85">{t('book.page.closing.text')}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" variant="outline" className="border-transparent">
                <a href={listingUrl} target="_blank" rel="noopener noreferrer">
                  {t('book.page.buy')}
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only">{t('book.page.newTab')}</span>
                </a>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to="/">{t('book.page.startBeta')}</Link>
              </Button>
            </div>
          </div>
        </section>
      </main>
      <footer className="border-t border-border">
        <div className="page-container flex flex-col items-center justify-between gap-4 py-8 sm:flex-row">
          <p className="text-sm text-muted-foreground">
            {BOOK.title} · {publishedText(t)}
          </p>
          <nav aria-label={t('book.page.footerNav')} className="flex items-center gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/">{t('book.page.tryApp')}</Link>
            </Button>
            <BuyLink href={listingUrl} variant="outline" size="sm">
              {t('book.page.buyShort')}
            </BuyLink>
          </nav>
        </div>
      </footer>
    </div>
  )
}

function ActionCard({
  icon: Icon,
  title,
  to,
  action,
  children,
}: {
  icon: typeof Gift
  title: string
  to: string
  action: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col rounded-card border border-border bg-card p-6 shadow-card sm:p-8">
      <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-4 text-xl font-semibold text-foreground">{title}</h3>
      <p className="mt-2 flex-1 leading-relaxed text-muted-foreground">{children}</p>
      <Button asChild className="mt-6 self-start">
        <Link to={to}>
          {action}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  )
}
