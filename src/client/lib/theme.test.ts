import { afterEach, describe, expect, it } from 'vitest'
import { saveThemeChoice } from '#client/lib/theme.ts'
import { themeFromCookies } from '#shared/config/theme.ts'

describe('the theme choice', () => {
  afterEach(() => saveThemeChoice('system'))

  it('saves light or dark in the cookie the server reads, and applies it to <html> at once', () => {
    saveThemeChoice('dark')
    expect(themeFromCookies(document.cookie)).toBe('dark')
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    saveThemeChoice('light')
    expect(themeFromCookies(document.cookie)).toBe('light')
    expect(document.documentElement).toHaveAttribute('data-theme', 'light')
  })

  it('forgets the choice for System, handing the page back to the system setting', () => {
    saveThemeChoice('dark')
    saveThemeChoice('system')
    expect(document.cookie).not.toContain('accord-theme')
    expect(document.documentElement).not.toHaveAttribute('data-theme')
  })

  it('reads only its own cookie, and only a theme it knows', () => {
    expect(themeFromCookies('a=1; accord-theme=dark; b=2')).toBe('dark')
    expect(themeFromCookies('accord-theme=light')).toBe('light')
    expect(themeFromCookies('accord-theme=sepia')).toBe('system')
    expect(themeFromCookies('my-accord-theme=dark')).toBe('system')
    expect(themeFromCookies('accord-theme=darker')).toBe('system')
    expect(themeFromCookies(undefined)).toBe('system')
  })
})
