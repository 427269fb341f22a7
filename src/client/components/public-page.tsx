import type { ReactNode } from 'react'
import { HomeLogoLink } from '#client/components/logo.tsx'

export interface PublicPageProps {
  /** The page's one h1, also used for the document title. */
  title: string
  /** A short line above the title. */
  eyebrow?: string
  /** Links in the header, e.g. back to the landing page. */
  headerActions?: ReactNode
  children: ReactNode
}

/** The frame of the public pages (/book, /redeem, /review-book): logo header, one column of content. */
export function PublicPage({ title, eyebrow, headerActions, children }: PublicPageProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · Accord`}</title>
      <header className="border-b border-border bg-background">
        <div className="page-container flex h-16 items-center justify-between gap-4">
          <HomeLogoLink />
          {headerActions ? (
            <nav aria-label="Page" className="-mr-3">
              {headerActions}
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main" className="flex-1">
        <div className="page-container py-16 sm:py-24">
          <div className="max-w-3xl">
            {eyebrow ? <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p> : null}
            <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">{title}</h1>
            <div className="mt-6 space-y-6 text-lg leading-relaxed text-muted-foreground">{children}</div>
          </div>
        </div>
      </main>
    </div>
  )
}
