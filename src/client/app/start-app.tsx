import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers } from '#client/app/providers.tsx'
import { AppRouter } from '#client/app/router.tsx'

/**
 * Renders the app into `root` (main.tsx on every page the app renders itself; the public pages'
 * islands once someone signs in, with their own toast outlet already on the page). As a
 * transition, the first render is split into short slices, so a slow phone's main thread is never
 * blocked by it for long (Total Blocking Time, docs/quality.md).
 */
export function startApp(root: HTMLElement, { toastOutlet = true }: { toastOutlet?: boolean } = {}): void {
  const app = (
    <StrictMode>
      <Providers toastOutlet={toastOutlet}>
        <AppRouter />
      </Providers>
    </StrictMode>
  )
  startTransition(() => createRoot(root).render(app))
}
