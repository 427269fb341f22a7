import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '#client/lib/cn.ts'

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
  return (
    <nav aria-label="On this page" className="rounded-card border border-border bg-card p-4 shadow-card">
      <p className="text-sm font-semibold text-foreground">On this page</p>
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
  return (
    <div className="border-t border-border pt-3 text-sm text-muted-foreground">
      <p className="font-medium text-foreground">Sources</p>
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">{children}</ul>
    </div>
  )
}
