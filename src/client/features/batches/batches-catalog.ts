/**
 * The batch and bottle trace pages' words (the catalogs' `batches.json`, decision 097): a section
 * of their own, so they load with those pages' chunk and never with the app's entry, English
 * included. The router awaits `wordsReady` before the page renders: the shown language's words are
 * in by then.
 */
import english from '#client/locales/en/batches.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('batches', english, {
  de: () => import('#client/locales/de/batches.json?lingui'),
  fr: () => import('#client/locales/fr/batches.json?lingui'),
  es: () => import('#client/locales/es/batches.json?lingui'),
  it: () => import('#client/locales/it/batches.json?lingui'),
})
