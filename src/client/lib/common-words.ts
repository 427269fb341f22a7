/**
 * The shared components' words (the catalogs' `common.json`, decision 097): a section of its own,
 * registered by the first screen whose parts import it (the IFRA panel, the comparison of two
 * versions, the QR dialogs...) and loaded with it, never with the app's entry. A lazy page awaits it
 * through `sectionsReady()` (src/client/app/lazy-page.ts).
 */
import english from '#client/locales/en/common.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const commonWordsReady: Promise<void> = registerSection('common', english, {
  de: () => import('#client/locales/de/common.json?lingui'),
  fr: () => import('#client/locales/fr/common.json?lingui'),
  es: () => import('#client/locales/es/common.json?lingui'),
  it: () => import('#client/locales/it/common.json?lingui'),
})

/** Items joined as the English 'a and b and c' in the language shown ('common.and'). */
export function joinAnd(t: (id: string, values?: Record<string, unknown>) => string, items: readonly string[]): string {
  return items.reduce((a, b) => t('common.and', { a, b }))
}
