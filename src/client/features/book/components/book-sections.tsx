import { BookOpenCheck, Compass, ListChecks, Quote, Sparkles, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import '#client/features/book/book-catalog.ts'
import { BOOK, type Testimonial } from '#shared/config/book.ts'

/** The book's four tools: their words are the catalog's `book.page.inside.<key>.*`. */
const INSIDE: { key: string; icon: LucideIcon }[] = [
  { key: 'wheel', icon: Compass },
  { key: 'guidelines', icon: ListChecks },
  { key: 'structure', icon: BookOpenCheck },
  { key: 'inspiration', icon: Sparkles },
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
  const t = useMessages()
  const [before, after] = aroundPlaceholder(t, 'book.page.about.text1', 'title')
  return (
    <BookSection id="about-book" eyebrow={t('book.page.about.eyebrow')} title={t('book.page.about.title')}>
      <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-muted-foreground">
        <p>
          {before}
          <cite className="not-italic text-foreground">{BOOK.title}</cite>
          {after}
        </p>
        <p>{t('book.page.about.text2')}</p>
      </div>
    </BookSection>
  )
}

export function WhatsInside() {
  const t = useMessages()
  return (
    <BookSection id="inside" eyebrow={t('book.page.inside.eyebrow')} title={t('book.page.inside.title')} tinted>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {INSIDE.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-card border border-border bg-background p-6">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-foreground">{t(`book.page.inside.${key}.title`)}</h3>
            <p className="mt-2 leading-relaxed text-muted-foreground">{t(`book.page.inside.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </BookSection>
  )
}

/** About the Author: only with a configured author and biography (decision 015). */
export function AboutTheAuthor({ author, bio }: { author?: string | undefined; bio?: readonly string[] | undefined }) {
  const t = useMessages()
  if (!author || !bio?.length) return null
  return (
    <BookSection id="author" eyebrow={t('book.page.author.eyebrow')} title={author}>
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
  const t = useMessages()
  if (!testimonials?.length) return null
  return (
    <BookSection id="readers" eyebrow={t('book.page.readers.eyebrow')} title={t('book.page.readers.title')} tinted={tinted}>
      <ul className={testimonials.length > 1 ? 'grid gap-6 md:grid-cols-2' : 'grid max-w-3xl gap-6'}>
        {testimonials.map((testimonial, i) => (
          <li key={i}>
            <figure className="h-full rounded-card border border-border bg-background p-6 sm:p-8">
              <Quote aria-hidden="true" className="size-7 text-accent" />
              <blockquote className="mt-4 text-lg leading-relaxed text-foreground">{testimonial.quote}</blockquote>
              <figcaption className="mt-5 text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">{testimonial.name}</span>
                {testimonial.role ? `, ${testimonial.role}` : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </BookSection>
  )
}
