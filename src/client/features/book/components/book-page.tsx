import { ArrowLeft, ArrowRight, ExternalLink, Gift, PenLine, ShoppingCart, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useMetaDescription } from '#client/lib/page-meta.ts'
import { bookMeta } from '#client/features/book/meta.ts'
import { useMarkHydrated } from '#client/lib/prerendered.ts'
import { Button } from '#client/components/ui/button.tsx'
import { BookCover } from '#client/features/book/components/book-cover.tsx'
import { AboutTheAuthor, AboutTheBook, Testimonials, WhatsInside } from '#client/features/book/components/book-sections.tsx'
import { BOOK, BOOK_FACTS, bookListingUrl, type BookFacts } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

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
  return (
    <Button asChild variant={variant} size={size}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
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
  const meta = bookMeta(facts)
  useMetaDescription(meta.description)
  const listingUrl = bookListingUrl(facts.asin)
  const showsAuthor = Boolean(facts.author && facts.authorBio?.length)
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{meta.title}</title>
      <header className="sticky top-0 z-40 border-b border-border/80 bg-background/95 backdrop-blur-md">
        <nav aria-label="Page" className="page-container flex h-16 items-center justify-between gap-3">
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to the app
            </Link>
          </Button>
          <BuyLink href={listingUrl} size="sm">
            Get on Amazon
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
                <span>{BOOK.rating} rating</span>
              </p>
              <h1
                id="book-title"
                className="mt-6 font-display text-4xl leading-[1.1] font-semibold tracking-tight text-foreground sm:text-5xl lg:text-6xl"
              >
                {BOOK.title}
              </h1>
              {facts.author ? <p className="mt-3 text-lg text-muted-foreground">by {facts.author}</p> : null}
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
                Learn to build essential oil blends that hold together: a simplified fragrance wheel, clear rules for balancing top, middle
                and base notes, and a structured way from an idea to a finished scent.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
                <BuyLink href={listingUrl}>
                  <ShoppingCart aria-hidden="true" />
                  Buy the Book
                </BuyLink>
                <Button asChild size="lg" variant="outline">
                  <Link to="/redeem">
                    {`Have the book? Get ${LAUNCH_DISCOUNT_PERCENT}% off app`}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </div>
              <p className="mt-6 text-sm text-muted-foreground">
                {BOOK.format} published {BOOK.publishedLabel}
              </p>
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
              For readers
            </h2>
            <div className="grid gap-6 md:grid-cols-2">
              <ActionCard icon={Gift} title="Claim Your Discount" to="/redeem" action="Claim your discount">
                {`Own the book? Join the free beta and get ${LAUNCH_DISCOUNT_PERCENT}% off your first year of Accord Pro at launch.`}
              </ActionCard>
              <ActionCard icon={PenLine} title="Leave a Review" to="/review-book" action="Write a review">
                Enjoyed the book? A short review on the store you bought it from helps other makers find it.
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
              Read the method, then blend with it
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-foreground/85">
              The book teaches the method; Accord keeps every blend, version and test you make with it. Both work best together.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" variant="outline" className="border-transparent">
                <a href={listingUrl} target="_blank" rel="noopener noreferrer">
                  Buy the Book
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to="/">Start Free Beta</Link>
              </Button>
            </div>
          </div>
        </section>
      </main>
      <footer className="border-t border-border">
        <div className="page-container flex flex-col items-center justify-between gap-4 py-8 sm:flex-row">
          <p className="text-sm text-muted-foreground">
            {BOOK.title} · {BOOK.format} published {BOOK.publishedLabel}
          </p>
          <nav aria-label="Footer" className="flex items-center gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/">Try the App</Link>
            </Button>
            <BuyLink href={listingUrl} variant="outline" size="sm">
              Buy Book
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
