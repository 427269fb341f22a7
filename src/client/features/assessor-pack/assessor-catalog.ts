/**
 * The safety assessor pack screen's words (the catalogs' `assessor.json`, decision 097): a section
 * of its own, so they load with its page's chunk and never with the app's entry, English included.
 * The router awaits `wordsReady` before the page renders: the shown language's words are in by then.
 * (The pack's PDF keeps its English words, lib/pack-content.ts.)
 */
import english from '#client/locales/en/assessor.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('assessor', english, {
  de: () => import('#client/locales/de/assessor.json?lingui'),
  fr: () => import('#client/locales/fr/assessor.json?lingui'),
  es: () => import('#client/locales/es/assessor.json?lingui'),
  it: () => import('#client/locales/it/assessor.json?lingui'),
})
