import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#shared/i18n/languages.ts'
import { placeholdersOf, pseudo } from '#client/locales/catalogs.ts'

const dir = join(import.meta.dirname)
/**
 * The app's catalog (`messages.json`) and its sections (decision 097): each screen's words load with
 * it, a section named after the first part of its ids (`landing.json` holds `landing.*`).
 */
const CATALOGS = readdirSync(join(dir, 'en'))
  .filter((file) => file.endsWith('.json'))
  .sort()
const SECTIONS = CATALOGS.filter((file) => file !== 'messages.json').map((file) => file.slice(0, -'.json'.length))
const read = (language: string, file = 'messages.json') =>
  JSON.parse(readFileSync(join(dir, language, file), 'utf8')) as Record<string, string>
const english = read('en')
const englishLanding = read('en', 'landing.json')
const everyEnglish = Object.assign({}, ...CATALOGS.map((file) => read('en', file))) as Record<string, string>

describe('the message catalogs (decision 088)', () => {
  it('has a catalog for every language Accord speaks, and none for a language it does not', () => {
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
    expect(folders.sort()).toEqual([...LANGUAGES].sort())
  })

  it('keeps the spec’s English strings exactly', () => {
    expect(englishLanding['landing.hero.title']).toBe('Create beautiful essential oil blends with confidence')
    expect(englishLanding['landing.hero.start']).toBe('Start Free Beta')
    expect(english['menu.signOut']).toBe('Sign out')
    expect(english['language.label']).toBe('Language')
  })

  it('has the same catalog files in every language', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(dir, language)).filter((file) => file.endsWith('.json'))
      expect(files.sort(), language).toEqual(CATALOGS)
    }
  })

  it.each(SECTIONS)('keeps the %s section’s ids in it, and in no other catalog', (section) => {
    const ids = Object.keys(read('en', `${section}.json`))
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.filter((id) => !id.startsWith(`${section}.`))).toEqual([])
    for (const other of CATALOGS.filter((file) => file !== `${section}.json`)) {
      expect(
        Object.keys(read('en', other)).filter((id) => id.startsWith(`${section}.`)),
        other,
      ).toEqual([])
    }
  })

  describe.each(LANGUAGES.filter((l) => l !== 'en').flatMap((l) => CATALOGS.map((file) => [l, file] as const)))(
    '%s %s',
    (language, file) => {
      const catalog = read(language, file)
      const english = read('en', file)

      it('has exactly English’s keys: none missing, none extra', () => {
        expect(Object.keys(catalog).filter((k) => !(k in english))).toEqual([])
        expect(Object.keys(english).filter((k) => !(k in catalog))).toEqual([])
      })

      it('has every message translated, with English’s placeholders', () => {
        for (const [key, message] of Object.entries(english)) {
          const translated = catalog[key] ?? ''
          expect(translated.trim(), key).not.toBe('')
          expect(placeholdersOf(translated), key).toEqual(placeholdersOf(message))
        }
      })
    },
  )
})

describe('placeholdersOf', () => {
  it('names arguments and their types, and each # of a plural', () => {
    expect(placeholdersOf('{count, plural, one {# blend} other {# blends}}')).toEqual(['#', '#', 'count:plural'])
    expect(placeholdersOf('Hello {name}, {n, number}')).toEqual(['n:number', 'name:'])
    expect(placeholdersOf("No '{'braces'}' here")).toEqual([])
  })

  it('tells a renamed or dropped placeholder and unbalanced braces from a faithful translation', () => {
    const en = placeholdersOf('{count, plural, one {# version} other {# versions}}')
    expect(placeholdersOf('{anzahl, plural, one {# Version} other {# Versionen}}')).not.toEqual(en)
    expect(placeholdersOf('{count, plural, one {eine Version} other {# Versionen}}')).not.toEqual(en)
    expect(placeholdersOf('{count, select, one {# Version} other {# Versionen}}')).not.toEqual(en)
    expect(() => placeholdersOf('{count, plural, one {# Version} other {# Versionen}')).toThrow(/Unbalanced/)
  })
})

describe('the pseudo-locale', () => {
  it('is accented and at least 35 % longer, with English’s placeholders', () => {
    for (const [key, message] of Object.entries(everyEnglish)) {
      const strange = pseudo(message)
      // A message without placeholders reads as it is written; one with them is checked through its padding
      // (four characters at least: a short one, 'Rename {name}', grows as much as a short word does).
      if (placeholdersOf(message).length === 0) expect(strange.length, key).toBeGreaterThanOrEqual(message.length * 1.35)
      else expect(strange, key).toMatch(/~{4,}\]$/)
      expect(placeholdersOf(strange), key).toEqual(placeholdersOf(message))
    }
    expect(pseudo('Sign out')).toMatch(/^\[Šígñ öüt~+\]$/)
    // Its padding is words a line can break between, as a real language's are (decision 101).
    expect(pseudo('Build a blend one layer at a time: the top, the middle and the base.')).toMatch(/\. ~{1,6}( ~{6})+\]$/)
    for (const message of Object.values(everyEnglish)) expect(pseudo(message)).not.toMatch(/~{7}/)
    expect(pseudo('{count, plural, one {# blend} other {# blends}}')).toContain('{count, plural, one {# bléñd} other {# bléñdš}}')
  })
})
