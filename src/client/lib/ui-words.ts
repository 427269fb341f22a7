/**
 * The few words of the parts on nearly every screen (Try again, Cancel, Loading more, the offline
 * notice): a catalog section of their own (`ui.json`, decision 097), so a screen that shows a load
 * error does not load every shared component's words (the `common` section) with it.
 */
import english from '#client/locales/en/ui.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const uiWordsReady: Promise<void> = registerSection('ui', english, {
  de: () => import('#client/locales/de/ui.json?lingui'),
  fr: () => import('#client/locales/fr/ui.json?lingui'),
  es: () => import('#client/locales/es/ui.json?lingui'),
  it: () => import('#client/locales/it/ui.json?lingui'),
})
