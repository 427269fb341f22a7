/**
 * The guides' words (the catalogs' `guides.json`, decision 097): a section of its own, so they
 * load with the guides' chunk and never with the app's entry, English included. Await
 * `wordsReady` before a guide renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/guides.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('guides', english, {
  de: () => import('#client/locales/de/guides.json?lingui'),
  fr: () => import('#client/locales/fr/guides.json?lingui'),
  es: () => import('#client/locales/es/guides.json?lingui'),
  it: () => import('#client/locales/it/guides.json?lingui'),
})
