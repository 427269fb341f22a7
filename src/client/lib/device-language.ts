/**
 * A signed-out visitor's language, kept on the device (docs/product.md "Languages", decision 093):
 * in localStorage for the app, and in a cookie so that the server serves the landing page already
 * in it. Without Lingui, so that the landing page's islands script can use it and stay small.
 */
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, languageFromCookies, languageOf, type Language } from '#shared/i18n/languages.ts'

/** Marks the language switcher in a prerendered page, where the islands script gives it its behaviour (islands.ts). */
export const LANGUAGE_SWITCHER_ATTRIBUTE = 'data-language-switcher'

/** Where the choice is kept (and, signed in, the account's last one, to paint in it before the account is read). */
export const DEVICE_LANGUAGE_KEY = 'accord-language'

/** The device's choice: localStorage, else the cookie the server reads; null when there is none. */
export function deviceLanguage(): Language | null {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(DEVICE_LANGUAGE_KEY)
  } catch {
    // Storage refused (a private window's quota): the cookie still answers.
  }
  return languageOf(stored) ?? languageFromCookies(typeof document === 'undefined' ? null : document.cookie)
}

/** Keeps the choice on the device: localStorage for the app, the cookie for the server's landing page. */
export function rememberOnDevice(language: Language): void {
  try {
    localStorage.setItem(DEVICE_LANGUAGE_KEY, language)
  } catch {
    // The cookie below is enough for the next page.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`
}
