import { ArrowRight, BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { StartSignupButton } from '#client/features/landing/components/start-signup-button.tsx'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

const insideTheBook = [
  { title: 'Simplified Fragrance Wheel', text: 'The scent families and their neighbours, simple enough to use at the bench.' },
  { title: 'Practical Blending Guidelines', text: 'Working rules for proportions and for keeping notes in balance.' },
  { title: 'Structured Approach', text: 'A blend built one layer at a time: top, then middle, then base.' },
  { title: 'Scent Profile Inspiration', text: 'Ideas for the character you want a blend to have.' },
]

export function BookSection() {
  return (
    <section
      id={SECTION_IDS.book}
      tabIndex={-1}
      aria-labelledby="book-title"
      className="below-fold scroll-mt-16 py-20 [--fold-estimate:78rem] outline-none sm:py-24 lg:[--fold-estimate:40rem]"
    >
      <div className="page-container grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Book + App</p>
          <h2 id="book-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            Read the method, then blend with it
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              Accord is the companion to the <cite className="text-foreground not-italic">Essential Oil Blending Guide</cite>, a paperback
              that explains how to build blends which hold together. The app follows the same three-note method, so an idea from a chapter
              becomes a saved, tested recipe the same evening.
            </p>
            <p>{`Readers who join during the beta get ${LAUNCH_DISCOUNT_PERCENT}% off their first year of Accord Pro at launch.`}</p>
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/book">
                Explore the Book
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <StartSignupButton size="lg" variant="outline">
              Start Free Beta
            </StartSignupButton>
          </div>
        </div>
        <div className="rounded-card border border-border bg-card p-6 shadow-card sm:p-8">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
              <BookOpen aria-hidden="true" className="size-5" />
            </span>
            <h3 className="text-lg font-semibold text-foreground">Inside the book</h3>
          </div>
          <ul className="mt-6 divide-y divide-border">
            {insideTheBook.map((item) => (
              <li key={item.title} className="py-4 first:pt-0 last:pb-0">
                <p className="font-medium text-foreground">{item.title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
