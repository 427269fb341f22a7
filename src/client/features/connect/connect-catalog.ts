/**
 * The connect feature's words (the catalogs' `connect.json`, decision 097): a section of its own, so they
 * load with the page's chunk and never with the app's entry, English included. Await `wordsReady`
 * before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/connect.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('connect', english, {
  de: () => import('#client/locales/de/connect.json?lingui'),
  fr: () => import('#client/locales/fr/connect.json?lingui'),
  es: () => import('#client/locales/es/connect.json?lingui'),
  it: () => import('#client/locales/it/connect.json?lingui'),
})
