import { Fragment, type ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'

const MARK = '\u0001'

/**
 * A message with elements inside it (a `<strong>`, a link), each at its `{name}` placeholder, so
 * the sentence stays whole in every language and the elements sit where its words put them.
 */
export function Rich({ id, parts }: { id: string; parts: Record<string, ReactNode> }) {
  const t = useMessages()
  const text = t(id, Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`])))
  // Every second piece is a placeholder's name.
  return <>{text.split(MARK).map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{parts[piece]}</Fragment> : piece))}</>
}

/** A list item led by a few words in bold ('Eucalyptus:', '30% top'): `<id>.label` then `<id>.text`. */
export function Point({ id, parts }: { id: string; parts?: Record<string, ReactNode> }) {
  const t = useMessages()
  return (
    <li>
      <strong>{t(`${id}.label`)}</strong> {parts ? <Rich id={`${id}.text`} parts={parts} /> : t(`${id}.text`)}
    </li>
  )
}

/** A titled section of a guide page, with comfortable reading width and spacing. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-card border border-border bg-card p-5 shadow-card sm:p-6">
      <h2 id={id} className="font-display text-2xl font-semibold text-foreground">
        {title}
      </h2>
      <div className="flex max-w-prose flex-col gap-3 leading-relaxed text-foreground [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold">
        {children}
      </div>
    </section>
  )
}

/** A short list with clear bullets. */
export function GuideList({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul'
  return <List className={cn('flex flex-col gap-2 pl-5', ordered ? 'list-decimal' : 'list-disc')}>{children}</List>
}

/** A highlighted figure or rule of thumb. */
export function KeyFact({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border-l-4 border-primary bg-primary-soft px-4 py-3 text-foreground">{children}</p>
}

/** In-page contents, so a phone reader can jump to a section. */
export function GuideContents({ sections }: { sections: readonly { id: string; title: string }[] }) {
  const t = useMessages()
  return (
    <nav aria-label={t('guides.parts.contents')} className="rounded-card border border-border bg-card p-4 shadow-card">
      <p className="text-sm font-semibold text-foreground">{t('guides.parts.contents')}</p>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A link from a guide to one of the app's pages. */
export function GuideLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline underline-offset-4">
      {children}
    </Link>
  )
}

/** Where a section's facts come from, named under it (docs/product.md "The guides' safety advice"). */
export function GuideSources({ children }: { children: ReactNode }) {
  const t = useMessages()
  return (
    <div className="border-t border-border pt-3 text-sm text-muted-foreground">
      <p className="font-medium text-foreground">{t('guides.parts.sources')}</p>
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">{children}</ul>
    </div>
  )
}
