/**
 * The currency choice's words (the shelf's and the account's, `currency.json`, decision 097): a
 * section of its own, so the pages that show the choice load only its few words, not every shared
 * component's (the `common` section).
 */
import english from '#client/locales/en/currency.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const currencyWordsReady: Promise<void> = registerSection('currency', english, {
  de: () => import('#client/locales/de/currency.json?lingui'),
  fr: () => import('#client/locales/fr/currency.json?lingui'),
  es: () => import('#client/locales/es/currency.json?lingui'),
  it: () => import('#client/locales/it/currency.json?lingui'),
})
