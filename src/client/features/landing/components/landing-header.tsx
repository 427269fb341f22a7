import { LogIn } from 'lucide-react'
import { Link } from 'react-router'
import { HomeLogoLink, SkipLink } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ISLAND } from '#client/lib/islands.ts'
import { scrollToSection } from '#client/lib/scroll-to-section.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { SectionLink } from '#client/features/landing/components/section-link.tsx'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'

const navLinkClass =
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors ' +
  'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * The landing page's sticky top bar, one row on every screen: on phones it keeps the logo, the
 * Book page and Sign In, and leaves out the links to this page's own sections (the hero's "See
 * what it does" and Start Free Beta lead there). Under 400 px its gaps are 4 px, and Sign In may
 * wrap its words, so a language's longer ones still fit a 390 px phone (issue 37). Sign In calls `onSignIn` (the app opens its
 * sign-in dialog), else scrolls to the signup section.
 */
export function LandingHeader({ onSignIn }: { onSignIn?: () => void }) {
  const _ = useMessages()
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-background/95 backdrop-blur-md">
      <SkipLink />
      <div className="page-container flex h-16 items-center gap-x-1 min-[400px]:gap-x-2 sm:gap-x-4">
        <HomeLogoLink className="mr-auto" />
        <nav aria-label={_('landing.nav.label')}>
          <ul className="flex items-center gap-1">
            <li className="hidden sm:block">
              <SectionLink section={SECTION_IDS.features} className={navLinkClass}>
                {_('landing.nav.features')}
              </SectionLink>
            </li>
            <li>
              <Link to="/book" className={navLinkClass}>
                {_('landing.nav.book')}
              </Link>
            </li>
            <li className="hidden sm:block">
              <SectionLink section={SECTION_IDS.book} className={navLinkClass}>
                {_('landing.nav.bookAndApp')}
              </SectionLink>
            </li>
          </ul>
        </nav>
        <Button
          wraps
          variant="outline"
          size="sm"
          aria-haspopup={onSignIn ? 'dialog' : undefined}
          data-island={onSignIn ? ISLAND.signIn : undefined}
          onClick={() => (onSignIn ? onSignIn() : scrollToSection(SECTION_IDS.signup))}
        >
          <LogIn aria-hidden="true" />
          {_('landing.nav.signIn')}
        </Button>
      </div>
    </header>
  )
}
