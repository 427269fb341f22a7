import { Link } from 'react-router'
import { Logo } from '#client/components/logo.tsx'

const footerLinkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

export function LandingFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="border-t border-border bg-background">
      <div className="page-container flex flex-col gap-8 py-12 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            Design, journal and test essential oil blends, one balanced layer at a time.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-foreground">The book</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/book" className={footerLinkClass}>
                Essential Oil Blending Guide
              </Link>
            </li>
            <li>
              <Link to="/redeem" className={footerLinkClass}>
                Reader launch discount
              </Link>
            </li>
            <li>
              <Link to="/review-book" className={footerLinkClass}>
                Review the book
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="page-container py-6 text-sm text-muted-foreground">© {year} Accord. All rights reserved.</p>
      </div>
    </footer>
  )
}
