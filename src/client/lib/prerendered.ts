import { useEffect, useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => undefined

/**
 * False while a prerendered page hydrates (and in the prerender itself), true in every render
 * after. For parts that only work with JavaScript, e.g. a form that must not be submittable before
 * React handles it: they render a stand-in until then. In a page rendered in the browser from the
 * start it is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

const thisYear = () => new Date().getFullYear()

/**
 * The current year; null while a prerendered page hydrates, whose HTML was made at build time,
 * perhaps in another year (a year in the HTML that differs from the browser's would make React
 * discard the page and render it again).
 */
export function useCurrentYear(): number | null {
  return useSyncExternalStore(subscribeToNothing, thisYear, () => null)
}

/**
 * Marks a prerendered page's root `data-hydrated` once the page's own part has hydrated, so the
 * browser tests know when its buttons respond (tests/support/e2e-fixtures.ts waits for it).
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    const root = document.getElementById('root')
    if (root?.dataset.prerendered) root.dataset.hydrated = 'true'
  }, [])
}
