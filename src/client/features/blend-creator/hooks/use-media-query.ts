import { useSyncExternalStore } from 'react'

/** The picker's two-column layout starts here (Tailwind's `lg`); below it, results come first. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)'

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function'

/**
 * Whether a media query matches, following it as the window changes. Without matchMedia (a test
 * environment) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!supported()) return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => (supported() ? window.matchMedia(query).matches : fallback),
    () => fallback,
  )
}
