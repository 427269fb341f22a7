import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#shared/i18n/languages.ts'
import { OIL_SEED } from '#server/db/seed/oils-data.ts'

/**
 * The catalog oils' names and descriptions in the interface's languages (decision 104): the client's
 * `oils` and `oilNotes` catalog sections. English is the seed's, word for word, so the English
 * screens show what the API sends; every other language names and describes every oil.
 */
const locales = join(import.meta.dirname, '../../../client/locales')
const read = (language: string, section: string) =>
  JSON.parse(readFileSync(join(locales, language, `${section}.json`), 'utf8')) as Record<string, string>

describe('the oils’ words in the catalogs', () => {
  it('has English names and descriptions equal to the seed’s, and nothing else', () => {
    expect(read('en', 'oils')).toEqual(Object.fromEntries(OIL_SEED.map((oil) => [`oils.${oil.slug}`, oil.name])))
    expect(read('en', 'oilNotes')).toEqual(Object.fromEntries(OIL_SEED.map((oil) => [`oilNotes.${oil.slug}`, oil.description])))
  })

  it.each(LANGUAGES)('names and describes every oil of the seed in %s', (language) => {
    const names = read(language, 'oils')
    const notes = read(language, 'oilNotes')
    for (const { slug } of OIL_SEED) {
      expect(names[`oils.${slug}`]?.trim(), slug).toBeTruthy()
      expect(notes[`oilNotes.${slug}`]?.trim(), slug).toBeTruthy()
    }
    expect(Object.keys(names)).toHaveLength(OIL_SEED.length)
    expect(Object.keys(notes)).toHaveLength(OIL_SEED.length)
  })

  it.each(LANGUAGES)('gives every oil its own name in %s (no two oils named alike)', (language) => {
    const names = Object.values(read(language, 'oils'))
    expect(new Set(names).size).toBe(names.length)
  })

  it('keeps the names section small: under 2 kB gzip in every language', () => {
    for (const language of LANGUAGES) {
      const bytes = gzipSync(readFileSync(join(locales, language, 'oils.json'))).length
      expect(bytes, language).toBeLessThan(2048)
    }
  })

  it('translates the names makers know by their own words', () => {
    expect(read('de', 'oils')['oils.lavender']).toBe('Lavendel')
    expect(read('fr', 'oils')['oils.sweet-orange']).toBe('Orange douce')
    expect(read('es', 'oils')['oils.lavender']).toBe('Lavanda')
    expect(read('it', 'oils')['oils.sweet-orange']).toBe('Arancio dolce')
  })
})
