import { Link } from 'react-router'
import { Logo } from '#client/components/logo.tsx'

const COMMUNITY = ['Share blends', 'Forums', 'Newsletter']

/**
 * SPEC.md §2 footer: a Community group whose items are all coming soon, a link to the blend
 * creator at /, and the year (PRODUCT.md: the current one).
 */
export function AppFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="border-t border-border bg-card print:hidden">
      <div className="page-container grid gap-8 py-10 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
            Design, journal and test essential oil blends, one balanced layer at a time.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-foreground">Community</h2>
          <ul className="mt-3 space-y-2">
            {COMMUNITY.map((item) => (
              <li key={item} className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                {item}
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                  Coming soon
                </span>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-foreground">Create</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link
                to="/"
                className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                Blend creator
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="page-container py-5 text-sm text-muted-foreground">© {year} Accord. All rights reserved.</p>
      </div>
    </footer>
  )
}
