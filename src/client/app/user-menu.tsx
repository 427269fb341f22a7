import { Avatar } from '#client/components/ui/avatar.tsx'
import { MenuOnDemand } from '#client/components/ui/menu-on-demand.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useSession } from '#client/lib/session.ts'

const loadMenu = () => import('#client/app/user-menu-content.tsx').then((m) => m.UserMenuContent)

/**
 * The header's avatar (docs/product.md §2: the photo, else the first letter of the name or the
 * e-mail): a menu button whose menu (user-menu-content.tsx) loads when first opened.
 */
export function UserMenu() {
  const session = useSession()
  const t = useMessages()
  if (session.status !== 'signed-in') return null
  const { user } = session
  return (
    <MenuOnDemand
      load={loadMenu}
      trigger={
        <button
          type="button"
          aria-label={t('nav.accountMenu')}
          className="shrink-0 cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Avatar photoURL={user.photoURL} displayName={user.displayName} email={user.email} />
        </button>
      }
    />
  )
}
