import type { ReactNode } from 'react'
import { Logo } from '#client/components/logo.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useCurrentYear } from '#client/lib/prerendered.ts'

export const footerLinkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * The footer of every page (docs/product.md §2): the logo and a line about Accord, the page's own link
 * groups, and the copyright with the current year (docs/product.md "Spec defects we fix").
 */
export function SiteFooter({ className, children }: { className?: string; children: ReactNode }) {
  const year = useCurrentYear()
  const t = useMessages()
  return (
    <footer className={cn('border-t border-border', className)}>
      <div className="page-container flex flex-col gap-8 py-12 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <div className="flex flex-col gap-8 sm:flex-row sm:gap-16">{children}</div>
      </div>
      <div className="border-t border-border">
        <p className="page-container py-6 text-sm text-muted-foreground">
          {`${year === null ? '©' : `© ${year}`} Accord. ${t('footer.rights')}`}
        </p>
      </div>
    </footer>
  )
}

/** A titled group of footer items; `nav` makes it the footer's navigation landmark. */
export function FooterGroup({ title, nav = false, children }: { title: string; nav?: boolean; children: ReactNode }) {
  const Tag = nav ? 'nav' : 'div'
  const t = useMessages()
  return (
    <Tag {...(nav ? { 'aria-label': t('footer.label') } : {})}>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </Tag>
  )
}
