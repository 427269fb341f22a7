import { Link } from 'react-router'
import { FooterGroup, SiteFooter, footerLinkClass } from '#client/components/site-footer.tsx'

const COMING_SOON = ['Forums', 'Newsletter']

/**
 * docs/product.md §2 footer: a Community group (sharing works: it says how; forums and the
 * newsletter are coming soon), a link to the blend creator at /, and the year (docs/product.md
 * "Spec defects we fix": the current one).
 */
export function AppFooter() {
  return (
    <SiteFooter className="bg-card print:hidden">
      <FooterGroup title="Community">
        <li className="text-sm text-muted-foreground">
          <Link to="/journal" className={footerLinkClass}>
            Share blends
          </Link>
          <span className="block text-xs">Open a blend in your journal and choose Share to make a read-only link.</span>
        </li>
        {COMING_SOON.map((item) => (
          <li key={item} className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {item}
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">Coming soon</span>
          </li>
        ))}
      </FooterGroup>
      <FooterGroup title="Create" nav>
        <li>
          <Link to="/" className={footerLinkClass}>
            Blend creator
          </Link>
        </li>
      </FooterGroup>
    </SiteFooter>
  )
}
