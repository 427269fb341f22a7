import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers } from '#client/app/providers.tsx'
import { AppRouter } from '#client/app/router.tsx'

/**
 * Renders the app into `root` (main.tsx, the app's entry: on every page the app renders itself,
 * and on a prerendered public page once someone signs in there, decision 066). As a transition,
 * the first render is split into short slices, so a slow phone's main thread is never blocked by
 * it for long (Total Blocking Time, docs/quality.md).
 */
export function startApp(root: HTMLElement): void {
  const app = (
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>
  )
  startTransition(() => createRoot(root).render(app))
}
