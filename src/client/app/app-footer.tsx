import { Link } from 'react-router'
import { FooterGroup, SiteFooter, footerLinkClass } from '#client/components/site-footer.tsx'
import { useMessages } from '#client/lib/i18n.ts'

const COMING_SOON = ['footer.forums', 'footer.newsletter']

/**
 * docs/product.md §2 footer: a Community group (sharing works: it says how; forums and the
 * newsletter are coming soon), a link to the blend creator at /, and the year (docs/product.md
 * "Spec defects we fix": the current one).
 */
export function AppFooter() {
  const t = useMessages()
  return (
    <SiteFooter className="bg-card print:hidden">
      <FooterGroup title={t('footer.community')}>
        <li className="text-sm text-muted-foreground">
          <Link to="/journal" className={footerLinkClass}>
            {t('footer.shareBlends')}
          </Link>
          <span className="block text-xs">{t('footer.shareHow')}</span>
        </li>
        {COMING_SOON.map((item) => (
          <li key={item} className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {t(item)}
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{t('footer.comingSoon')}</span>
          </li>
        ))}
      </FooterGroup>
      <FooterGroup title={t('footer.create')} nav>
        <li>
          <Link to="/" className={footerLinkClass}>
            {t('footer.blendCreator')}
          </Link>
        </li>
      </FooterGroup>
    </SiteFooter>
  )
}
