import { rememberOnDevice } from '#client/lib/device-language.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import type { Language } from '#shared/i18n/languages.ts'

/**
 * A signed-out visitor's choice (the landing page's switcher): kept on the device and shown at
 * once. A module of its own, so the app's entry does not carry what only the landing page uses.
 */
export async function chooseOnDevice(language: Language): Promise<void> {
  rememberOnDevice(language)
  await activateLanguage(language)
}
