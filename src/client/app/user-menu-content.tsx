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
import { LANGUAGE_NAMES, LANGUAGES, languageOf } from '#shared/i18n/languages.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { chooseForAccount } from '#client/lib/account-language.ts'
import { useQueryClient } from '@tanstack/react-query'

const THEME_OPTIONS: Record<ThemeChoice, { label: string; icon: typeof Sun }> = {
  system: { label: 'menu.theme.system', icon: Monitor },
  light: { label: 'menu.theme.light', icon: Sun },
  dark: { label: 'menu.theme.dark', icon: Moon },
}

/**
 * The avatar's menu (docs/product.md §2): the display name (or 'User'), the e-mail, the theme
 * (System, Light or Dark), the language, Account settings and Sign out, in the maker's language
 * (docs/product.md "Languages"). Loaded when first opened (user-menu.tsx).
 */
export function UserMenuContent({ trigger, defaultOpen }: OnDemandMenuProps) {
  const session = useSession()
  const navigate = useNavigate()
  const [theme, setTheme] = useThemeChoice()
  const queryClient = useQueryClient()
  const _ = useMessages()
  if (session.status !== 'signed-in') return null
  const { user } = session

  const handleSignOut = async () => {
    await signOut()
    void navigate('/', { replace: true })
  }

  const chooseLanguage = (language: Parameters<typeof chooseForAccount>[1]) =>
    chooseForAccount(queryClient, language).catch(() => toast.error(_('language.saveFailed')))

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold text-foreground">{user.displayName ?? _('menu.user')}</span>
          <span className="truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel id="theme-menu-label" className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {_('menu.theme')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup aria-labelledby="theme-menu-label" value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
          {THEME_CHOICES.map((choice) => {
            const { label, icon: Icon } = THEME_OPTIONS[choice]
            return (
              // Keep the menu open: the page changes behind it, and a second choice is one press away.
              <DropdownMenuRadioItem key={choice} value={choice} onSelect={(event) => event.preventDefault()}>
                <Icon aria-hidden="true" />
                {_(label)}
              </DropdownMenuRadioItem>
            )
          })}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        {/* A menu holds only menu items (a select inside it fails axe's aria-required-children), so here the
            languages are a radio group like the theme's, each named in itself (decision 093). */}
        <DropdownMenuLabel id="language-menu-label" className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {_('language.label')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          aria-labelledby="language-menu-label"
          value={currentLanguage()}
          onValueChange={(value) => {
            const language = languageOf(value)
            if (language) void chooseLanguage(language)
          }}
        >
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language} onSelect={(event) => event.preventDefault()}>
              {LANGUAGE_NAMES[language]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/account')}>
          <Settings aria-hidden="true" />
          {_('menu.accountSettings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          {_('menu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
