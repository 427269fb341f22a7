/**
 * The blend creator's words (the catalogs' `creator.json`, decision 097): a section of its own, so
 * they load with the creator's chunk and never with the app's entry, English included. Await
 * `wordsReady` before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/creator.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('creator', english, {
  de: () => import('#client/locales/de/creator.json?lingui'),
  fr: () => import('#client/locales/fr/creator.json?lingui'),
  es: () => import('#client/locales/es/creator.json?lingui'),
  it: () => import('#client/locales/it/creator.json?lingui'),
})
