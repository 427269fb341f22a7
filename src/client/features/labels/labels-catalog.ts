/**
 * The label screen's words (the catalogs' `labels.json`, decision 097): a section of its own, so
 * they load with the label page's chunk and never with the app's entry, English included. Await
 * `wordsReady` before the page renders: the shown language's words are in by then. The words
 * PRINTED on a label are not here: they follow the label's language (label-texts.ts, decision 099).
 */
import english from '#client/locales/en/labels.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('labels', english, {
  de: () => import('#client/locales/de/labels.json?lingui'),
  fr: () => import('#client/locales/fr/labels.json?lingui'),
  es: () => import('#client/locales/es/labels.json?lingui'),
  it: () => import('#client/locales/it/labels.json?lingui'),
})
