/**
 * The shelf's words (the catalogs' `shelf.json`, decision 097): a section of its own, so they load
 * with the shelf's chunk and never with the app's entry, English included. Await `wordsReady`
 * before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/shelf.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('shelf', english, {
  de: () => import('#client/locales/de/shelf.json?lingui'),
  fr: () => import('#client/locales/fr/shelf.json?lingui'),
  es: () => import('#client/locales/es/shelf.json?lingui'),
  it: () => import('#client/locales/it/shelf.json?lingui'),
})
