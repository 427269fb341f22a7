import { ScanLine } from 'lucide-react'
import { Link } from 'react-router'
import type { OnDemandMenuProps } from '#client/components/ui/menu-on-demand.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx'
import { NAV_LINKS, onNavigate } from '#client/app/nav-links.ts'

/** The page links as a menu, on screens narrower than lg (app-header.tsx), then Scan a code: loaded when first opened. */
export function MainNavMenu({ trigger, defaultOpen }: OnDemandMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Main">
        {NAV_LINKS.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to} onClick={() => onNavigate(link)}>
              <link.icon aria-hidden="true" />
              {link.label}
            </Link>
          </DropdownMenuItem>
        ))}
        {/* The scanner at the bench (docs/product.md "QR codes at the bench"): on a phone, one tap from any page. */}
        <DropdownMenuItem asChild>
          <Link to="/shelf?scan=1">
            <ScanLine aria-hidden="true" />
            Scan a code
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
