import { DEFAULT_LANGUAGE, type Language, type PSEUDO_LOCALE } from '#shared/i18n/languages.ts'

/**
 * The public pages the build renders to HTML ahead of time (decision 012), so a visitor sees the
 * page before any JavaScript runs. The server answers these paths with that HTML; `signedOutOnly`
 * pages (the landing page lives at /, where a signed-in user gets Home) only when the request
 * carries no session cookie and none of the landing page's own parameters.
 */
export const PRERENDERED_PAGES = [
  { name: 'landing', path: '/', signedOutOnly: true },
  { name: 'book', path: '/book', signedOutOnly: false },
  { name: 'review-book', path: '/review-book', signedOutOnly: false },
  { name: 'redeem', path: '/redeem', signedOutOnly: false },
] as const

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number]
export type PrerenderedPageName = PrerenderedPage['name']

/** The element that names the entry and the modules to preload once the page has painted. */
export const ENTRY_META_NAME = 'accord-entry'

/**
 * On a page that loads another script in place of the app's entry (the public pages' islands,
 * decision 066): the app's entry, which that script imports to hand the page to the app.
 */
export const APP_ENTRY_META_NAME = 'accord-app-entry'

/**
 * The pages the build renders once per language (decision 093): every public page, the landing
 * page and the book's (/book, /review-book, /redeem), so each speaks the visitor's language from
 * its first byte. The server picks by the device's choice (its cookie), else the request's
 * Accept-Language (docs/product.md "Languages"). Each is rendered in the pseudo-locale too
 * (decision 101), which the server sends only to a request whose cookie asks for it.
 */
export const PRERENDERED_IN_EVERY_LANGUAGE: readonly PrerenderedPageName[] = ['landing', 'book', 'review-book', 'redeem']

/**
 * A prerendered page's file in dist/pages: `landing.html` in English, `landing.de.html` in German,
 * `landing.en-XA.html` in the pseudo-locale.
 */
export function prerenderedFile(name: PrerenderedPageName, language: Language | typeof PSEUDO_LOCALE = DEFAULT_LANGUAGE): string {
  return language === DEFAULT_LANGUAGE ? `${name}.html` : `${name}.${language}.html`
}
