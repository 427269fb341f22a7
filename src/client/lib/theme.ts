import { useEffect, useState } from 'react'
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE, themeFromCookies, type ThemeChoice } from '#shared/config/theme.ts'

/** The theme on <html> now: what the server wrote from the cookie, or what the user last chose here. */
function applyTheme(choice: ThemeChoice) {
  const root = document.documentElement
  if (choice === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', choice)
}

/**
 * Saves the choice in the theme cookie (the server reads it to theme the next page before its
 * first paint, decision 028) and applies it at once. "system" deletes the cookie.
 */
export function saveThemeChoice(choice: ThemeChoice) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  const maxAge = choice === 'system' ? 0 : THEME_COOKIE_MAX_AGE
  document.cookie = `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`
  applyTheme(choice)
}

/** The saved theme choice and a setter that remembers it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(() => themeFromCookies(document.cookie))
  // The development server serves index.html without the server's theme attribute.
  useEffect(() => applyTheme(themeFromCookies(document.cookie)), [])
  const choose = (next: ThemeChoice) => {
    saveThemeChoice(next)
    setChoice(next)
  }
  return [choice, choose]
}
