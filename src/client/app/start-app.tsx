import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers } from '#client/app/providers.tsx'
import { AppRouter } from '#client/app/router.tsx'
import { bootData } from '#client/lib/boot-data.ts'
import { rememberOnDevice } from '#client/lib/device-language.ts'
import { activateLanguage, chooseLanguage, pseudoLocaleOnDevice } from '#client/lib/i18n.ts'

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
  const render = () => startTransition(() => createRoot(root).render(app))
  // Nothing is shown in a language before its catalog is in (decision 093): English is here
  // already; another waits for its chunk. A signed-in page's HTML carries the account's own
  // setting (boot data), so a new device shows it from the first render and keeps it.
  const accountLanguage = bootData()?.language
  if (accountLanguage) rememberOnDevice(accountLanguage)
  const language = chooseLanguage(accountLanguage)
  // (The layout tests' pseudo-locale, decision 101, waits for its chunk as another language does.)
  if (language === 'en' && !pseudoLocaleOnDevice()) {
    document.documentElement.lang = language
    render()
  } else void activateLanguage(language).then(render, render)
}
