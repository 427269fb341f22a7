import { BookOpenCheck, Compass, ListChecks, Quote, Sparkles, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'
import { BOOK, type Testimonial } from '#shared/config/book.ts'

const INSIDE: { title: string; icon: LucideIcon; text: string }[] = [
  {
    title: 'Simplified Fragrance Wheel',
    icon: Compass,
    text: 'The scent families and their neighbours on one page, simple enough to keep open at the bench while you blend.',
  },
  {
    title: 'Practical Blending Guidelines',
    icon: ListChecks,
    text: 'Working rules for proportions, drop counts and dilution, and for keeping top, middle and base notes in balance.',
  },
  {
    title: 'Structured Approach',
    icon: BookOpenCheck,
    text: 'A blend built one layer at a time, with a record of every trial, so the one that worked is the one you can repeat.',
  },
  {
    title: 'Scent Profile Inspiration',
    icon: Sparkles,
    text: 'Starting points for calm, bright, grounding and fresh blends, with the oils that carry each character.',
  },
]

/** A page section with an eyebrow, an h2 and its content. */
export function BookSection({
  id,
  eyebrow,
  title,
  children,
  tinted = false,
}: {
  id: string
  eyebrow: string
  title: string
  children: ReactNode
  tinted?: boolean
}) {
  return (
    <section aria-labelledby={id} className={cn('below-fold py-16 sm:py-20', tinted && 'border-y border-border bg-card')}>
      <div className="page-container">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-3 font-display text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
          {title}
        </h2>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  )
}

export function AboutTheBook() {
  return (
    <BookSection id="about-book" eyebrow="About the Book" title="A practical guide to blends that hold together">
      <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-muted-foreground">
        <p>
          The <cite className="not-italic text-foreground">{BOOK.title}</cite> is a hands-on handbook for anyone who wants to go beyond
          single oils. It explains how top, middle and base notes work together, which scent families sit well side by side, and how to
          adjust a blend that is almost right.
        </p>
        <p>
          Each chapter ends with something to try, and Accord follows the same three-note method, so an idea from the page becomes a saved,
          tested recipe the same evening.
        </p>
      </div>
    </BookSection>
  )
}

export function WhatsInside() {
  return (
    <BookSection id="inside" eyebrow="What's Inside" title="Four tools for every blend you make" tinted>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {INSIDE.map(({ title, icon: Icon, text }) => (
          <li key={title} className="rounded-card border border-border bg-background p-6">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-foreground">{title}</h3>
            <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </BookSection>
  )
}

/** About the Author: only with a configured author and biography (decision 015). */
export function AboutTheAuthor({ author, bio }: { author?: string | undefined; bio?: readonly string[] | undefined }) {
  if (!author || !bio?.length) return null
  return (
    <BookSection id="author" eyebrow="About the Author" title={author}>
      <div className="grid max-w-3xl gap-4 text-lg leading-relaxed text-muted-foreground">
        {bio.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </BookSection>
  )
}

/** What readers say: only with configured testimonials (decision 015). */
export function Testimonials({ testimonials, tinted = true }: { testimonials?: readonly Testimonial[] | undefined; tinted?: boolean }) {
  if (!testimonials?.length) return null
  return (
    <BookSection id="readers" eyebrow="Readers" title="What readers say" tinted={tinted}>
      <ul className={testimonials.length > 1 ? 'grid gap-6 md:grid-cols-2' : 'grid max-w-3xl gap-6'}>
        {testimonials.map((t, i) => (
          <li key={i}>
            <figure className="h-full rounded-card border border-border bg-background p-6 sm:p-8">
              <Quote aria-hidden="true" className="size-7 text-accent" />
              <blockquote className="mt-4 text-lg leading-relaxed text-foreground">{t.quote}</blockquote>
              <figcaption className="mt-5 text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">{t.name}</span>
                {t.role ? `, ${t.role}` : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </BookSection>
  )
}
