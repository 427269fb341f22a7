// The prerendered public pages hydrate no page (decision 066): their HTML is React's, and only the
// few controls that need script are marked for the islands script (src/client/islands.ts), which
// gives each its behaviour. A mark is `data-island` with one of these names.
import { loadPage } from '#client/lib/load-page.ts'
import { DEFAULT_LANGUAGE, languageOf, type Language } from '#shared/i18n/languages.ts'

export const ISLAND = {
  /** The top bar's Sign In: opens the sign-in dialog. */
  signIn: 'sign-in',
  /** Start Free Beta: brings the sign-up form into view, the cursor in its first field. */
  startSignup: 'start-signup',
} as const

export type IslandName = (typeof ISLAND)[keyof typeof ISLAND]

/** A control marked for the islands script. */
export const ISLAND_SELECTOR = '[data-island]'

type EarlyClicks = { controls: HTMLElement[] | null }

declare global {
  interface Window {
    /** Presses on marked controls before the islands script ran (src/client/boot.ts keeps them). */
    accordEarlyClicks?: EarlyClicks
  }
}

/**
 * From the boot script on: a press on a marked control before the islands script has run is kept
 * (the control does nothing yet) and handed to the islands script, which answers it, so the first
 * press on Sign In is never lost.
 */
export function keepEarlyClicks(): void {
  const early: EarlyClicks = { controls: [] }
  window.accordEarlyClicks = early
  document.addEventListener(
    'click',
    (event) => {
      if (!early.controls) return
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(ISLAND_SELECTOR) : null
      if (!control) return
      event.preventDefault()
      early.controls.push(control)
    },
    true,
  )
}

/** The presses kept so far, once; from now on the islands script answers every press itself. */
export function takeEarlyClicks(): HTMLElement[] {
  const early = window.accordEarlyClicks
  const controls = early?.controls ?? []
  if (early) early.controls = null
  return controls
}

/**
 * The failure box's words in each language: the app's error screen's (`error.title`, `error.text`,
 * `error.reload` in the catalogs' messages.json, which islands.test.ts holds these equal to). Written
 * here because the box shows when a chunk could not be fetched, a language's catalog as likely as any.
 */
export const ISLAND_FAILURE_WORDS: Record<Language, { title: string; text: string; reload: string }> = {
  en: { title: 'Something went wrong', text: 'Reload to try again.', reload: 'Reload' },
  de: { title: 'Etwas ist schiefgelaufen', text: 'Laden Sie die Seite neu, um es noch einmal zu versuchen.', reload: 'Neu laden' },
  fr: { title: 'Un problème est survenu', text: 'Rechargez la page pour réessayer.', reload: 'Recharger' },
  es: { title: 'Algo salió mal', text: 'Recarga la página para volver a intentarlo.', reload: 'Recargar' },
  it: { title: 'Qualcosa è andato storto', text: 'Ricarica la pagina per riprovare.', reload: 'Ricarica' },
}

/**
 * What an island whose code cannot be fetched (after a deploy the old chunk names are gone) leaves
 * in its place: the words of the app's error screen (app/error-boundary.tsx) and Reload, which
 * recovers, in plain markup, since React may be what failed to load, and in the page's language (`<html lang>`). In `place` (the island's
 * container, its blank placeholder card removed, its text kept); without one (a dialog that never
 * opened) at the foot of the screen. Once per place.
 */
export function showIslandFailure(place: HTMLElement | null): void {
  const host = place ?? document.body
  const words = ISLAND_FAILURE_WORDS[languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE]
  if (host.querySelector(':scope > [data-island-failure]')) return
  const alert = document.createElement('div')
  alert.setAttribute('role', 'alert')
  alert.dataset.islandFailure = 'true'
  alert.className = place
    ? 'grid justify-items-center gap-4 rounded-xl border border-border bg-card p-6 text-center'
    : 'fixed inset-x-4 bottom-4 z-50 grid justify-items-center gap-3 rounded-xl border border-border bg-card p-4 text-center shadow-lg'
  const heading = document.createElement('h2')
  heading.className = 'font-display text-2xl font-semibold'
  heading.textContent = words.title
  const text = document.createElement('p')
  text.className = 'text-muted-foreground'
  text.textContent = words.text
  const reload = document.createElement('button')
  reload.type = 'button'
  reload.className = 'rounded-lg bg-primary px-6 py-3 font-medium text-primary-foreground'
  reload.textContent = words.reload
  reload.addEventListener('click', () => loadPage(window.location.href))
  alert.append(heading, text, reload)
  for (const blank of place?.querySelectorAll(':scope > [aria-hidden="true"]') ?? []) blank.remove()
  host.append(alert)
}
