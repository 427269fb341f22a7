/**
 * The colour theme (decision 028, docs/product.md "Themes"): the system's by default, or a choice
 * saved in a cookie that the server reads to write `data-theme` on <html> before the first paint.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]

export const THEME_COOKIE = 'accord-theme'
/** A year: a saved choice outlives sessions; choosing "system" deletes the cookie. */
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

const THEME_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|\\s|$)`)

/** The saved choice in a Cookie header (or document.cookie); "system" when there is none or it is not ours. */
export function themeFromCookies(cookieHeader: string | undefined): ThemeChoice {
  const match = THEME_COOKIE_VALUE.exec(cookieHeader ?? '')
  return match ? (match[1] as ThemeChoice) : 'system'
}
