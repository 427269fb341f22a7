import type { MeSummary } from '#shared/api/me.ts'
import { BOOT_DATA_ELEMENT_ID, type BootData } from '#shared/config/boot-data.ts'
import { isUserShape } from '#client/lib/session.ts'

/**
 * The first-render data the server wrote into a signed-in page (decision 035), read once. It is
 * in the entry bundle, so it checks the shape by hand (no zod).
 */
let boot: BootData | null | undefined

export function bootData(): BootData | null {
  if (boot !== undefined) return boot
  boot = null
  const text = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent
  if (!text) return boot
  try {
    const parsed = JSON.parse(text) as { user?: unknown } | null
    if (isUserShape(parsed?.user)) boot = parsed as BootData
  } catch {
    // unreadable: the app asks the server, as on a page without it
  }
  return boot
}

/**
 * Home's summary from the page, once, and only for the user it was read for: a later visit to
 * Home (or another user signing in on this page) asks the server.
 */
export function takeBootSummary(userId: string | undefined): MeSummary | undefined {
  const data = bootData()
  const summary = data?.summary
  if (!data || !summary || data.user.id !== userId) return undefined
  delete data.summary
  return summary
}

/** The skeleton a signed-in page's HTML painted in #root (decision 034), kept until the app has drawn a page. */
let skeleton: { pathname: string; page: string; main: string } | null = null

/** Keeps the page's skeleton before React replaces it; nothing when the page came without one. */
export function keepServerSkeleton(root: HTMLElement): void {
  const painted = root.querySelector('[data-skeleton]')
  const main = painted?.querySelector('main')
  skeleton = painted && main ? { pathname: window.location.pathname, page: root.innerHTML, main: main.innerHTML } : null
}

/**
 * The kept skeleton's markup, while the app is still on the page it was painted for: `page` is all
 * of it (header and top), `main` what it shows inside the page's <main>. Null otherwise.
 */
export function serverSkeleton(part: 'page' | 'main'): string | null {
  if (!skeleton || skeleton.pathname !== window.location.pathname) return null
  return skeleton[part]
}

/** The app has drawn a page of its own: a later wait shows a spinner, never this page's old top. */
export function forgetServerSkeleton(): void {
  skeleton = null
}

/** Forgets what was read (tests). */
export function resetBootData(): void {
  boot = undefined
  skeleton = null
}
