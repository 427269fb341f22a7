/**
 * The calculator's words (the catalogs' `calculator.json`, decision 097): a section of its own, so
 * they load with the calculator's chunk and never with the app's entry, English included. The
 * router awaits `wordsReady` (lazyPage) before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/calculator.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('calculator', english, {
  de: () => import('#client/locales/de/calculator.json?lingui'),
  fr: () => import('#client/locales/fr/calculator.json?lingui'),
  es: () => import('#client/locales/es/calculator.json?lingui'),
  it: () => import('#client/locales/it/calculator.json?lingui'),
})
