// The prerendered public pages hydrate no page (decision 066): their HTML is React's, and only the
// few controls that need script are marked for the islands script (src/client/islands.ts), which
// gives each its behaviour. A mark is `data-island` with one of these names.

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
