import type { ReviewStore } from '#shared/config/book.ts'

/**
 * The one way the client reports an analytics event (docs/product.md §7 "Analytics"). It does nothing
 * unless VITE_ANALYTICS_URL names an endpoint at build time; then each event is a JSON beacon.
 */
export type TrackEvents = {
  redeem_submit: { verified: 'true' | 'false' }
  review_store_click: { store: ReviewStore }
}

const endpoint = (import.meta.env.VITE_ANALYTICS_URL as string | undefined) || undefined

export function track<N extends keyof TrackEvents>(name: N, props: TrackEvents[N]): void {
  if (!endpoint || typeof navigator.sendBeacon !== 'function') return
  try {
    const body = JSON.stringify({ event: name, props, path: window.location.pathname, at: new Date().toISOString() })
    navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))
  } catch {
    // Analytics must never break the page.
  }
}
