import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LANGUAGES } from '#shared/i18n/languages.ts'
import { ISLAND_FAILURE_WORDS, showIslandFailure } from '#client/lib/islands.ts'

const catalog = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../locales', language, 'messages.json'), 'utf8')) as Record<string, string>

describe('the islands’ failure box', () => {
  afterEach(() => {
    document.body.replaceChildren()
    document.documentElement.lang = ''
  })

  it.each(LANGUAGES)('says the app’s error screen’s words in %s, as its catalog has them', (language) => {
    const words = catalog(language)
    expect(ISLAND_FAILURE_WORDS[language]).toEqual({
      title: words['error.title'],
      text: words['error.text'],
      reload: words['error.reload'],
    })
  })

  it('speaks the page’s language (<html lang>): German on a German page, no English left', () => {
    document.documentElement.lang = 'de'
    const place = document.createElement('div')
    document.body.append(place)
    showIslandFailure(place)
    const box = place.querySelector('[data-island-failure]')!
    expect(box.querySelector('h2')?.textContent).toBe('Etwas ist schiefgelaufen')
    expect(box.querySelector('p')?.textContent).toBe('Laden Sie die Seite neu, um es noch einmal zu versuchen.')
    expect(box.querySelector('button')?.textContent).toBe('Neu laden')
    expect(box.textContent).not.toMatch(/Something|Reload/)
  })

  it('keeps the English words exactly on an English page, and on a page in a language Accord does not speak', () => {
    for (const lang of ['en', 'pt-BR']) {
      document.documentElement.lang = lang
      showIslandFailure(null)
      const box = document.body.querySelector(':scope > [data-island-failure]')!
      expect([...box.children].map((el) => el.textContent)).toEqual(['Something went wrong', 'Reload to try again.', 'Reload'])
      box.remove()
    }
  })
})
