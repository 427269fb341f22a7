import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_TEXTS, apiLanguage, translateApiMessage, translateDetails } from '#server/i18n/api-messages.ts'
import { extractApiMessages, messagePart } from '#server/i18n/extract-messages.ts'

const ROOT = join(import.meta.dirname, '../../..')
const TEMPLATES = extractApiMessages(ROOT)
const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort()

describe('the API’s messages in every language (decision 100)', () => {
  it('reads the templates from the source: refusals, errors and the shared schemas’ checks', () => {
    expect(TEMPLATES.length).toBeGreaterThan(200)
    for (const template of [
      'Blend not found',
      'Keep the name under {0} characters',
      'Too many attempts. Please wait a minute and try again.',
      // The identity guard's 401 answers (src/server/auth/guard.ts).
      'Sign in to continue: this request needs an Authorization: Bearer token.',
      'The Authorization header must be "Bearer <token>".',
      'Your session token has expired.',
    ])
      expect(TEMPLATES).toContain(template)
    // Codes, paths and the operator's configuration are not messages.
    expect(TEMPLATES).not.toContain('VALIDATION_ERROR')
    expect(TEMPLATES.some((t) => t.startsWith('must be a redis://'))).toBe(false)
  })

  it('cuts the place off a message and numbers what it names from 0', () => {
    expect(messagePart('body.{0}: at most {1} characters')).toBe('at most {0} characters')
    expect(messagePart('{0}: {1}')).toBeNull()
    expect(messagePart('NOT_FOUND')).toBeNull()
  })

  describe.each(Object.entries(API_TEXTS))('%s', (language, texts) => {
    it('has words for every template, and none for a template the code no longer has', () => {
      expect(TEMPLATES.filter((t) => !(t in texts))).toEqual([])
      expect(Object.keys(texts).filter((t) => !TEMPLATES.includes(t))).toEqual([])
    })

    it('keeps each template’s placeholders, and says it in its own words', () => {
      for (const [template, words] of Object.entries(texts)) {
        expect(placeholders(words), `${language}: ${template}`).toEqual(placeholders(template))
        expect(words.trim(), `${language}: ${template}`).not.toBe('')
      }
      const same = Object.entries(texts).filter(([template, words]) => template === words && /\s\p{Ll}{3,}\s/u.test(template))
      expect(same.map(([t]) => t)).toEqual([])
    })
  })
})

describe('translateApiMessage', () => {
  it('leaves English as the spec words it', () => {
    expect(translateApiMessage('Blend not found', 'en')).toBe('Blend not found')
  })

  it('translates a message, one that names something, and one after its place', () => {
    expect(translateApiMessage('Blend not found', 'de')).toBe(API_TEXTS.de['Blend not found'])
    expect(translateApiMessage('body.name: Keep the name under 100 characters', 'fr')).toBe(
      `body.name: ${API_TEXTS.fr['Keep the name under {0} characters']!.replace('{0}', '100')}`,
    )
    expect(translateApiMessage('That bottle holds Lavender, not Rose', 'it')).toBe(
      API_TEXTS.it['That bottle holds {0}, not {1}']!.replace('{0}', 'Lavender').replace('{1}', 'Rose'),
    )
  })

  it('leaves a message it does not know as it is, and a very long one unmatched', () => {
    expect(translateApiMessage('Something nobody wrote', 'de')).toBe('Something nobody wrote')
    const long = `${'x'.repeat(5000)} is required`
    expect(translateApiMessage(long, 'de')).toBe(long)
  })

  it('translates each place of the details, and nothing else', () => {
    expect(translateDetails([{ path: 'body.name', message: 'Blend not found' }, 'other'], 'es')).toEqual([
      { path: 'body.name', message: API_TEXTS.es['Blend not found'] },
      'other',
    ])
    expect(translateDetails({ a: 1 }, 'es')).toEqual({ a: 1 })
  })
})

describe('apiLanguage', () => {
  it('takes the first language of Accept-Language that Accord speaks, else the cookie, else English', () => {
    expect(apiLanguage('pt-BR, de-AT;q=0.8, fr;q=0.5', undefined)).toBe('de')
    expect(apiLanguage(undefined, 'theme=dark; accord-language=it')).toBe('it')
    expect(apiLanguage('pt', undefined)).toBe('en')
    expect(apiLanguage('fr', 'accord-language=de')).toBe('fr')
  })
})
