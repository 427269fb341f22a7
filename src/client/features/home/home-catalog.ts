/**
 * The home feature's words (the catalogs' `home.json`, decision 097): a section of its own, so they
 * load with the page's chunk and never with the app's entry, English included. Await `wordsReady`
 * before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/home.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('home', english, {
  de: () => import('#client/locales/de/home.json?lingui'),
  fr: () => import('#client/locales/fr/home.json?lingui'),
  es: () => import('#client/locales/es/home.json?lingui'),
  it: () => import('#client/locales/it/home.json?lingui'),
})
