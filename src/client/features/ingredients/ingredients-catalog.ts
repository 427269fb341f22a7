/**
 * The ingredients feature's words (the catalogs' `ingredients.json`, decision 097): a section of its own, so they
 * load with the page's chunk and never with the app's entry, English included. Await `wordsReady`
 * before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/ingredients.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('ingredients', english, {
  de: () => import('#client/locales/de/ingredients.json?lingui'),
  fr: () => import('#client/locales/fr/ingredients.json?lingui'),
  es: () => import('#client/locales/es/ingredients.json?lingui'),
  it: () => import('#client/locales/it/ingredients.json?lingui'),
})
