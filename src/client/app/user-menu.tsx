import { LogOut, Settings } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Avatar } from '#client/components/ui/avatar.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { signOut } from '#client/lib/auth-client.ts'
import { useSession } from '#client/lib/session.ts'

/** docs/product.md §2: the avatar opens a menu with the display name (or 'User'), the e-mail, Account settings and Sign out. */
export function UserMenu() {
  const session = useSession()
  const navigate = useNavigate()
  if (session.status !== 'signed-in') return null
  const { user } = session

  const handleSignOut = async () => {
    await signOut()
    void navigate('/', { replace: true })
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="shrink-0 cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar photoURL={user.photoURL} displayName={user.displayName} email={user.email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold text-foreground">{user.displayName ?? 'User'}</span>
          <span className="truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
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
