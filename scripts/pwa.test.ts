import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { installManifest } from './pwa.ts'
import { LANGUAGES } from '#shared/i18n/languages.ts'

const root = path.resolve(import.meta.dirname, '..')

describe('the install manifest in each language (decision 102)', () => {
  it('keeps English’s words as they were', () => {
    const english = installManifest(root, 'en')
    expect(english).toMatchObject({
      id: '/',
      name: 'Accord: essential oil blend designer',
      short_name: 'Accord',
      description: 'Design, journal and test essential oil blends, at the bench and offline.',
      start_url: '/',
      display: 'standalone',
    })
    expect(english).not.toHaveProperty('lang')
  })

  it('names and describes the app in each other language from its catalog, the rest as English’s', () => {
    const english = installManifest(root, 'en')
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const manifest = installManifest(root, language)
      const words = JSON.parse(fs.readFileSync(path.join(root, `src/client/locales/${language}/install.json`), 'utf8')) as Record<
        string,
        string
      >
      expect(manifest.name, language).toBe(words['install.name'])
      expect(manifest.description, language).toBe(words['install.description'])
      expect(manifest.name, language).not.toBe(english.name)
      expect(manifest.description, language).not.toBe(english.description)
      expect(manifest.lang, language).toBe(language)
      const { name: _n, description: _d, lang: _l, ...rest } = manifest
      const { name: _en, description: _ed, ...englishRest } = english
      expect(rest, language).toEqual(englishRest)
    }
    expect(installManifest(root, 'de').name).toBe('Accord: Mischungen aus ätherischen Ölen gestalten')
  })
})
