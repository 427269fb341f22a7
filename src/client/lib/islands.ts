// The prerendered public pages hydrate no page (decision 066): their HTML is React's, and only the
// few controls that need script are marked for the islands script (src/client/islands.ts), which
// gives each its behaviour. A mark is `data-island` with one of these names.
import { loadPage } from '#client/lib/load-page.ts'

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
 * What an island whose code cannot be fetched (after a deploy the old chunk names are gone) leaves
 * in its place: the words of the app's error screen (app/error-boundary.tsx) and Reload, which
 * recovers, in plain markup, since React may be what failed to load. In `place` (the island's
 * container, its blank placeholder card removed, its text kept); without one (a dialog that never
 * opened) at the foot of the screen. Once per place.
 */
export function showIslandFailure(place: HTMLElement | null): void {
  const host = place ?? document.body
  if (host.querySelector(':scope > [data-island-failure]')) return
  const alert = document.createElement('div')
  alert.setAttribute('role', 'alert')
  alert.dataset.islandFailure = 'true'
  alert.className = place
    ? 'grid justify-items-center gap-4 rounded-xl border border-border bg-card p-6 text-center'
    : 'fixed inset-x-4 bottom-4 z-50 grid justify-items-center gap-3 rounded-xl border border-border bg-card p-4 text-center shadow-lg'
  const heading = document.createElement('h2')
  heading.className = 'font-display text-2xl font-semibold'
  heading.textContent = 'Something went wrong'
  const text = document.createElement('p')
  text.className = 'text-muted-foreground'
  text.textContent = 'Reload to try again.'
  const reload = document.createElement('button')
  reload.type = 'button'
  reload.className = 'rounded-lg bg-primary px-6 py-3 font-medium text-primary-foreground'
  reload.textContent = 'Reload'
  reload.addEventListener('click', () => loadPage(window.location.href))
  alert.append(heading, text, reload)
  for (const blank of place?.querySelectorAll(':scope > [aria-hidden="true"]') ?? []) blank.remove()
  host.append(alert)
}
