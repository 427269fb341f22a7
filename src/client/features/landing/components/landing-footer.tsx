import { Link } from 'react-router'
import { FooterGroup, SiteFooter, footerLinkClass } from '#client/components/site-footer.tsx'

const BOOK_LINKS = [
  { to: '/book', label: 'Essential Oil Blending Guide' },
  { to: '/redeem', label: 'Reader launch discount' },
  { to: '/review-book', label: 'Review the book' },
]

export function LandingFooter() {
  return (
    <SiteFooter className="bg-background">
      <FooterGroup title="The book" nav>
        {BOOK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLinkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </FooterGroup>
    </SiteFooter>
  )
}
