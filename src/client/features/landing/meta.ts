import { i18n } from '@lingui/core'

/**
 * The landing page's title and description in the language shown (the catalog's `landing.meta.*`):
 * the page uses them, and the prerendered HTML's <head> (with its Open Graph tags) is built from
 * them in each language it is written in (src/client/prerender.tsx, scripts/prerender.mjs).
 */
export function landingMeta(): { title: string; description: string } {
  return { title: i18n._('landing.meta.title'), description: i18n._('landing.meta.description') }
}
