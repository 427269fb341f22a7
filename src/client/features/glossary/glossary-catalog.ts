/**
 * The glossary's words (the catalogs' `glossary.json`, decision 097): a section of its own, so
 * they load with the glossary's chunk and never with the app's entry, English included. Await
 * `wordsReady` before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/glossary.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('glossary', english, {
  de: () => import('#client/locales/de/glossary.json?lingui'),
  fr: () => import('#client/locales/fr/glossary.json?lingui'),
  es: () => import('#client/locales/es/glossary.json?lingui'),
  it: () => import('#client/locales/it/glossary.json?lingui'),
})
