/**
 * The landing page's words (the catalogs' `landing.json`, decision 097): a section of its own, so
 * they load with the landing page's chunk and never with the app's entry, English included. Await
 * `landingWordsReady` before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/landing.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const landingWordsReady: Promise<void> = registerSection('landing', english, {
  de: () => import('#client/locales/de/landing.json?lingui'),
  fr: () => import('#client/locales/fr/landing.json?lingui'),
  es: () => import('#client/locales/es/landing.json?lingui'),
  it: () => import('#client/locales/it/landing.json?lingui'),
})
