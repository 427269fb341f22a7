import { describe, expect, it } from 'vitest'
import { acceptLanguageTags, languageFromCookies, languageOf, pseudoLocaleFromCookies, resolveLanguage } from '#shared/i18n/languages.ts'

describe('choosing the language (decision 088)', () => {
  it('takes the account’s setting first, whatever the browser asks for', () => {
    expect(resolveLanguage('it', ['de-DE', 'fr'])).toBe('it')
    expect(resolveLanguage('en', ['de'])).toBe('en')
  })

  it('else the first of the browser’s languages Accord speaks, a region tag answering with its language', () => {
    expect(resolveLanguage(null, ['de-AT', 'en'])).toBe('de')
    expect(resolveLanguage(undefined, ['ja', 'pt-BR', 'fr-CA', 'de'])).toBe('fr')
    expect(resolveLanguage(null, ['es-419'])).toBe('es')
    expect(resolveLanguage(null, ['IT_ch'])).toBe('it')
  })

  it('else English: no setting, no browser language it speaks, or a setting it does not know', () => {
    expect(resolveLanguage(null, [])).toBe('en')
    expect(resolveLanguage(null, ['ja', 'nl-BE', ''])).toBe('en')
    expect(resolveLanguage('xx', ['ja'])).toBe('en')
    expect(resolveLanguage('xx', ['de-CH'])).toBe('de')
  })

  it('reads a tag’s primary language only', () => {
    expect(languageOf('de-AT')).toBe('de')
    expect(languageOf(' fr ')).toBe('fr')
    expect(languageOf('deu')).toBeNull()
    expect(languageOf('qps-ploc')).toBeNull()
    expect(languageOf(null)).toBeNull()
  })

  it('orders an Accept-Language header by weight, dropping q=0 and the wildcard', () => {
    expect(acceptLanguageTags('en;q=0.5, de-AT, fr;q=0.8, *;q=0.1, it;q=0')).toEqual(['de-AT', 'fr', 'en'])
    expect(resolveLanguage(null, acceptLanguageTags('ja, es;q=0.9, de;q=0.9'))).toBe('es')
    expect(resolveLanguage(null, acceptLanguageTags('it;q=0, fr;q=0.2'))).toBe('fr')
    expect(acceptLanguageTags('')).toEqual([])
    expect(acceptLanguageTags(null)).toEqual([])
    expect(acceptLanguageTags('de;q=abc, en')).toEqual(['en'])
  })
})

describe('the device’s choice in its cookie (decision 093)', () => {
  it('reads a language Accord speaks from the cookie, and nothing else', () => {
    expect(languageFromCookies('accord-theme=dark; accord-language=fr')).toBe('fr')
    expect(languageFromCookies('accord-language=de-AT')).toBe('de')
    expect(languageFromCookies('accord-language=ja')).toBeNull()
    expect(languageFromCookies('my-accord-language=de')).toBeNull()
    expect(languageFromCookies('accord-language=<script>')).toBeNull()
    expect(languageFromCookies(undefined)).toBeNull()
  })
})

describe('the pseudo-locale asked for by its cookie (decision 101)', () => {
  it('reads accord-pseudo-locale=en-XA exactly, and nothing else', () => {
    expect(pseudoLocaleFromCookies('accord-pseudo-locale=en-XA')).toBe(true)
    expect(pseudoLocaleFromCookies('accord-theme=dark; accord-pseudo-locale=en-XA; other=1')).toBe(true)
    for (const header of [
      undefined,
      '',
      'accord-pseudo-locale=en',
      'accord-pseudo-locale=en-XAB',
      'accord-pseudo-locale=1',
      'my-accord-pseudo-locale=en-XA',
      'accord-language=en-XA',
    ])
      expect(pseudoLocaleFromCookies(header), String(header)).toBe(false)
    // A browser asking for it gets English.
    expect(languageOf('en-XA')).toBe('en')
  })
})
