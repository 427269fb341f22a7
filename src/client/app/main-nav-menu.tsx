import { ScanLine } from 'lucide-react'
import { Link } from 'react-router'
import type { OnDemandMenuProps } from '#client/components/ui/menu-on-demand.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { NAV_LINKS, onNavigate } from '#client/app/nav-links.ts'

/** The page links as a menu, on screens narrower than lg (app-header.tsx), then Scan a code: loaded when first opened. */
export function MainNavMenu({ trigger, defaultOpen }: OnDemandMenuProps) {
  const t = useMessages()
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent aria-label={t('nav.main')}>
        {NAV_LINKS.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to} onClick={() => onNavigate(link)}>
              <link.icon aria-hidden="true" />
              {t(link.labelId)}
            </Link>
          </DropdownMenuItem>
        ))}
        {/* The scanner at the bench (docs/product.md "QR codes at the bench"): on a phone, one tap from any page. */}
        <DropdownMenuItem asChild>
          <Link to="/shelf?scan=1">
            <ScanLine aria-hidden="true" />
            {t('nav.scan')}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
