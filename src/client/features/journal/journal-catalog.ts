/**
 * The journal's words (the catalogs' `journal.json`, decision 097): a section of its own, so they
 * load with the journal's chunk and never with the app's entry, English included. The page module
 * re-exports `wordsReady`, which lazyPage awaits before the journal renders: the shown language's
 * words are in by then.
 */
import english from '#client/locales/en/journal.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('journal', english, {
  de: () => import('#client/locales/de/journal.json?lingui'),
  fr: () => import('#client/locales/fr/journal.json?lingui'),
  es: () => import('#client/locales/es/journal.json?lingui'),
  it: () => import('#client/locales/it/journal.json?lingui'),
})
