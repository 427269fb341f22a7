import { Menu, Plus } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { NavLink } from 'react-router'
import { HomeLogoLink, SkipLink } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { MenuOnDemand } from '#client/components/ui/menu-on-demand.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useStartNewBlend } from '#client/lib/use-start-new-blend.ts'
import { NAV_LINKS, onNavigate } from '#client/app/nav-links.ts'
import { UserMenu } from '#client/app/user-menu.tsx'
import { storedDraftToAsk } from '#client/features/blend-creator/draft-storage.ts'

// The summary's own dialog, loaded only when there is a draft to ask about.
const DiscardDraftDialog = lazy(() =>
  import('#client/features/blend-creator/components/discard-draft-dialog.tsx').then((m) => ({ default: m.DiscardDraftDialog })),
)

const loadNavMenu = () => import('#client/app/main-nav-menu.tsx').then((m) => m.MainNavMenu)

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    isActive ? 'bg-primary-soft text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  )

/**
 * The signed-in header (docs/product.md §2): logo home, New Blend, the page links (in a Menu on
 * screens narrower than lg) and the avatar menu.
 */
export function AppHeader() {
  const t = useMessages()
  return (
    <AppHeaderBar>
      <nav aria-label={t('nav.main')} className="hidden lg:mr-auto lg:block">
        <ul className="flex items-center gap-1">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={navLinkClass} onClick={() => onNavigate(link)}>
                {t(link.labelId)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <NewBlendButton />
      <MobileNavMenu />
      <UserMenu />
    </AppHeaderBar>
  )
}

/**
 * The header's bar with the logo home, around the header's controls: all of the header that a
 * signed-in page paints before its code runs (app/painted-pages.tsx, `painted`: no skip link, the
 * logo not a link, no controls), so the painted bar and the app's are one markup. Under 400 px its
 * gaps are 4 px: a language's longer New Blend still fits a 390 px phone beside the menus (issue 37).
 */
export function AppHeaderBar({ painted = false, children }: { painted?: boolean; children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-background/95 backdrop-blur-md print:hidden">
      {painted ? null : <SkipLink />}
      <div className="page-container flex h-16 items-center gap-1 min-[400px]:gap-2 sm:gap-3">
        <HomeLogoLink painted={painted} className="mr-auto shrink-0 lg:mr-4" />
        {children}
      </div>
    </header>
  )
}

/**
 * New Blend (docs/product.md §2): a fresh draft at step 1. A draft worth keeping (complete, named
 * or with notes; never a saved one, which is reset) is asked about first, with the summary's own
 * dialog, exactly as its Create New Blend does.
 */
function NewBlendButton() {
  const t = useMessages()
  const startNewBlend = useStartNewBlend()
  const [asking, setAsking] = useState<{ blendName: string } | null>(null)
  const [open, setOpen] = useState(false)
  const press = () => {
    const draft = storedDraftToAsk()
    if (draft === null) return startNewBlend()
    setAsking(draft)
    setOpen(true)
  }
  return (
    <>
      <Button size="sm" onClick={press}>
        <Plus aria-hidden="true" />
        {t('nav.newBlend')}
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <DiscardDraftDialog
            open={open}
            blendName={asking.blendName}
            onOpenChange={setOpen}
            onDiscard={() => {
              setOpen(false)
              startNewBlend()
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}

/** The page links on small screens: a menu button with the same links, its menu loaded when first opened. */
function MobileNavMenu() {
  const t = useMessages()
  return (
    <MenuOnDemand
      load={loadNavMenu}
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('nav.menu')} className="lg:hidden">
          <Menu aria-hidden="true" />
        </Button>
      }
    />
  )
}
