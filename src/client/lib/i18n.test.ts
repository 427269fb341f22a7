import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEVICE_LANGUAGE_KEY, deviceLanguage, rememberOnDevice } from '#client/lib/device-language.ts'
import { chooseOnDevice } from '#client/lib/choose-on-device.ts'
import {
  activateLanguage,
  chooseLanguage,
  currentLanguage,
  PSEUDO_LOCALE,
  PSEUDO_LOCALE_KEY,
  pseudoLocaleOnDevice,
  registerSection,
} from '#client/lib/i18n.ts'
import { i18n } from '@lingui/core'

const clearCookie = () => (document.cookie = 'accord-language=; Path=/; Max-Age=0')

describe('the interface’s language (decision 093)', () => {
  beforeEach(() => {
    localStorage.clear()
    clearCookie()
  })
  afterEach(async () => {
    await activateLanguage('en')
    localStorage.clear()
    clearCookie()
  })

  it('chooses the account’s setting, else the device’s choice, else the browser’s languages, else English', () => {
    // Nothing chosen: the first browser language Accord speaks, a region counting as its language.
    expect(chooseLanguage(null, ['ja-JP', 'de-AT', 'fr'])).toBe('de')
    expect(chooseLanguage(null, ['ja', 'zh'])).toBe('en')
    expect(chooseLanguage(null, [])).toBe('en')
    // The device's choice wins over the browser.
    rememberOnDevice('it')
    expect(chooseLanguage(null, ['de'])).toBe('it')
    expect(chooseLanguage(undefined, ['de'])).toBe('it')
    // The account's setting wins over both; one Accord does not speak is passed over.
    expect(chooseLanguage('fr', ['de'])).toBe('fr')
    expect(chooseLanguage('ja', ['de'])).toBe('it')
  })

  it('keeps the device’s choice in localStorage and in the cookie the server reads, and reads either back', () => {
    expect(deviceLanguage()).toBeNull()
    rememberOnDevice('es')
    expect(localStorage.getItem(DEVICE_LANGUAGE_KEY)).toBe('es')
    expect(document.cookie).toContain('accord-language=es')
    localStorage.clear()
    expect(deviceLanguage()).toBe('es')
    // Something stored that is not a language Accord speaks is no choice.
    clearCookie()
    localStorage.setItem(DEVICE_LANGUAGE_KEY, 'klingon')
    expect(deviceLanguage()).toBeNull()
  })

  it('loads a language’s catalog before showing it, and sets <html lang> with it', async () => {
    expect(i18n._('nav.newBlend')).toBe('New Blend')
    await activateLanguage('de')
    expect(currentLanguage()).toBe('de')
    expect(document.documentElement.lang).toBe('de')
    expect(i18n._('nav.newBlend')).toBe('Neue Mischung')
    // Compiled at build time: plurals work without the ICU parser.
    expect(i18n._('offline.waiting', { count: 1 })).toBe('1 Änderung wartet')
    expect(i18n._('offline.waiting', { count: 3 })).toBe('3 Änderungen warten')
    await chooseOnDevice('fr')
    expect(document.documentElement.lang).toBe('fr')
    expect(localStorage.getItem(DEVICE_LANGUAGE_KEY)).toBe('fr')
    await activateLanguage('en')
    expect(i18n._('offline.waiting', { count: 2 })).toBe('2 changes waiting')
    expect(document.documentElement.lang).toBe('en')
  })

  it('links the install manifest of the language shown, English’s at its old address (decision 102)', async () => {
    const link = document.createElement('link')
    link.rel = 'manifest'
    link.href = '/manifest.webmanifest'
    document.head.append(link)
    try {
      await activateLanguage('de')
      expect(link.getAttribute('href')).toBe('/manifest.de.webmanifest')
      await activateLanguage('fr')
      expect(link.getAttribute('href')).toBe('/manifest.fr.webmanifest')
      await activateLanguage('en')
      expect(link.getAttribute('href')).toBe('/manifest.webmanifest')
    } finally {
      link.remove()
    }
  })

  it('shows the pseudo-locale in English’s place only on a device whose storage asks for it (decision 101)', async () => {
    // A browser asking for en-XA, or a device choosing it as its language, gets English.
    expect(chooseLanguage(null, [PSEUDO_LOCALE])).toBe('en')
    localStorage.setItem(DEVICE_LANGUAGE_KEY, PSEUDO_LOCALE)
    expect(pseudoLocaleOnDevice()).toBe(false)
    await activateLanguage(chooseLanguage(null, [PSEUDO_LOCALE]))
    expect(i18n._('nav.newBlend')).toBe('New Blend')
    expect(document.documentElement.lang).toBe('en')

    localStorage.setItem(PSEUDO_LOCALE_KEY, PSEUDO_LOCALE)
    expect(pseudoLocaleOnDevice()).toBe(true)
    await activateLanguage('en')
    expect(i18n._('nav.newBlend')).toBe('[Ñéw Bléñd~~~~]')
    expect(document.documentElement.lang).toBe(PSEUDO_LOCALE)
    // The language is still English (numbers, dates, the switcher's value); plurals and placeholders work.
    expect(currentLanguage()).toBe('en')
    expect(i18n._('offline.waiting', { count: 1 })).toMatch(/^\[1 çháñgé wáítíñg[ ~]+\]$/)
    expect(i18n._('offline.waiting', { count: 3 })).toMatch(/^\[3 çháñgéš wáítíñg[ ~]+\]$/)
    // Every section's words are in the one catalog, a section not yet registered too.
    expect(i18n._('landing.hero.start')).toMatch(/^\[Štárt Fréé Bétá[ ~]+\]$/)
    // Another language is shown as ever, and English again is the pseudo-locale.
    await activateLanguage('de')
    expect(i18n._('nav.newBlend')).toBe('Neue Mischung')
    await activateLanguage('en')
    expect(i18n._('nav.newBlend')).toBe('[Ñéw Bléñd~~~~]')
    localStorage.removeItem(PSEUDO_LOCALE_KEY)
    await activateLanguage('en')
    expect(i18n._('nav.newBlend')).toBe('New Blend')
    expect(document.documentElement.lang).toBe('en')
  })

  it('shows the pseudo-locale on a device whose cookie asked the server for a pseudo page too, so its islands speak it (decision 101)', async () => {
    document.cookie = 'accord-language=en-XA'
    expect(pseudoLocaleOnDevice()).toBe(false)
    document.cookie = `${PSEUDO_LOCALE_KEY}=${PSEUDO_LOCALE}`
    expect(pseudoLocaleOnDevice()).toBe(true)
    await activateLanguage('en')
    expect(i18n._('nav.newBlend')).toBe('[Ñéw Bléñd~~~~]')
    expect(document.documentElement.lang).toBe(PSEUDO_LOCALE)
    document.cookie = `${PSEUDO_LOCALE_KEY}=; max-age=0`
    document.cookie = 'accord-language=; max-age=0'
    expect(pseudoLocaleOnDevice()).toBe(false)
    await activateLanguage('en')
    expect(i18n._('nav.newBlend')).toBe('New Blend')
  })

  it('loads a section’s words with its screen, English at once and the shown language before the screen renders (decision 097)', async () => {
    await activateLanguage('it')
    const english = { 'test.section.word': 'Word' }
    const italian = vi.fn(async () => ({ default: { 'test.section.word': 'Parola' } }))
    const none = async () => ({ default: {} })
    await registerSection('test-section', english, {
      de: async () => ({ default: { 'test.section.word': 'Wort' } }),
      fr: none,
      es: none,
      it: italian,
    })
    expect(italian).toHaveBeenCalledTimes(1)
    expect(i18n._('test.section.word')).toBe('Parola')
    await activateLanguage('de')
    expect(i18n._('test.section.word')).toBe('Wort')
    await activateLanguage('en')
    expect(i18n._('test.section.word')).toBe('Word')
    // Loaded once per language.
    await activateLanguage('it')
    expect(italian).toHaveBeenCalledTimes(1)
  })
})
