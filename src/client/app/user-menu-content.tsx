import { LogOut, Monitor, Moon, Settings, Sun } from 'lucide-react'
import { useNavigate } from 'react-router'
import type { OnDemandMenuProps } from '#client/components/ui/menu-on-demand.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { signOut } from '#client/lib/auth-client.ts'
import { useSession } from '#client/lib/session.ts'
import { useThemeChoice } from '#client/lib/theme.ts'
import { THEME_CHOICES, type ThemeChoice } from '#shared/config/theme.ts'

const THEME_OPTIONS: Record<ThemeChoice, { label: string; icon: typeof Sun }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
}

/**
 * The avatar's menu (docs/product.md §2): the display name (or 'User'), the e-mail, the theme
 * (System, Light or Dark), Account settings and Sign out. Loaded when first opened (user-menu.tsx).
 */
export function UserMenuContent({ trigger, defaultOpen }: OnDemandMenuProps) {
  const session = useSession()
  const navigate = useNavigate()
  const [theme, setTheme] = useThemeChoice()
  if (session.status !== 'signed-in') return null
  const { user } = session

  const handleSignOut = async () => {
    await signOut()
    void navigate('/', { replace: true })
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold text-foreground">{user.displayName ?? 'User'}</span>
          <span className="truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel id="theme-menu-label" className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup aria-labelledby="theme-menu-label" value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
          {THEME_CHOICES.map((choice) => {
            const { label, icon: Icon } = THEME_OPTIONS[choice]
            return (
              // Keep the menu open: the page changes behind it, and a second choice is one press away.
              <DropdownMenuRadioItem key={choice} value={choice} onSelect={(event) => event.preventDefault()}>
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenuRadioItem>
            )
          })}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/account')}>
          <Settings aria-hidden="true" />
          Account settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
