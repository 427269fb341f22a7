import { Link } from 'react-router'
import { FooterGroup, SiteFooter, footerLinkClass } from '#client/components/site-footer.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/** The book's title is a name, the same in every language; the other links' words come from the catalogs. */
const BOOK_LINKS = [
  { to: '/book', id: null },
  { to: '/redeem', id: 'landing.footer.redeem' },
  { to: '/review-book', id: 'landing.footer.review' },
] as const
const BOOK_TITLE = 'Essential Oil Blending Guide'

export function LandingFooter() {
  const _ = useMessages()
  return (
    <SiteFooter className="bg-background">
      <FooterGroup title={_('landing.footer.book')} nav>
        {BOOK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLinkClass}>
              {link.id ? _(link.id) : BOOK_TITLE}
            </Link>
          </li>
        ))}
      </FooterGroup>
    </SiteFooter>
  )
}
