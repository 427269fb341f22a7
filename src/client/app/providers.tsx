import type { ReactNode } from 'react'
import { ToastOutlet } from '#client/components/ui/toast.tsx'

/**
 * What every screen shares, signed in or out: the toast outlet (it loads sonner with the first
 * toast). The server-state cache belongs to the signed-in shell (app/data-providers.tsx), so the
 * landing page does not download them.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastOutlet />
    </>
  )
}
