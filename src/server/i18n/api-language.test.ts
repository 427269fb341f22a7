import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { API_TEXTS } from '#server/i18n/api-messages.ts'
import { blendBody } from '#tests/support/blend-fixtures.ts'
import { bearer, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * The API answers in the request's language (issue 37, decision 100): the same code, the message
 * and each place's message in the words of the language Accept-Language asks for.
 */
describe.each(ENGINES)('the API’s messages in the reader’s language on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser
  useTestApp(engine, (ctx) => ({ t, oils, user } = ctx))

  const get = (url: string, language?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(user.token), ...(language ? { 'accept-language': language } : {}) } })
  const post = (url: string, payload: object, language?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...bearer(user.token), ...(language ? { 'accept-language': language } : {}) },
    })

  it('says a refusal in German, its code unchanged, and in English when nothing else is asked', async () => {
    const english = await get('/api/blends/2147483000')
    expect(english.statusCode).toBe(404)
    expect(english.json().error).toEqual({ code: 'NOT_FOUND', message: 'Blend not found' })
    expect(english.headers['content-language']).toBeUndefined()

    const german = await get('/api/blends/2147483000', 'de-DE,de;q=0.9,en;q=0.8')
    expect(german.statusCode).toBe(404)
    expect(german.json().error).toEqual({ code: 'NOT_FOUND', message: API_TEXTS.de['Blend not found'] })
    expect(german.headers['content-language']).toBe('de')
  })

  it('says a schema’s refusal in French: our words for our checks, Zod’s for its own, the places unchanged', async () => {
    const bad = { ...blendBody(oils, { name: 'x'.repeat(5000) }), description: 42 }
    const english = await post('/api/blends', bad)
    const french = await post('/api/blends', bad, 'fr')
    expect(english.statusCode).toBe(400)
    expect(french.statusCode).toBe(400)
    const en = english.json().error as { code: string; message: string; details: { path: string; message: string }[] }
    const fr = french.json().error as typeof en
    expect(fr.code).toBe('VALIDATION_ERROR')
    expect(fr.details.map((d) => d.path)).toEqual(en.details.map((d) => d.path))
    expect(fr.details.length).toBeGreaterThan(0)
    for (const [i, detail] of fr.details.entries()) {
      expect(detail.message, detail.path).not.toBe(en.details[i]!.message)
      expect(detail.message, detail.path).not.toMatch(/Invalid input|expected|Keep the/)
    }
    expect(fr.message).toBe(`${fr.details[0]!.path}: ${fr.details[0]!.message}`)
  })

  it('takes the language from the device’s cookie when the request names none Accord speaks', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blends/2147483000',
      headers: { ...bearer(user.token), 'accept-language': 'pt-BR', cookie: 'accord-language=it' },
    })
    expect(res.json().error.message).toBe(API_TEXTS.it['Blend not found'])
  })

  describe('the identity guard’s 401 answers', () => {
    const guarded = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/blends', headers })
    const missing = 'Sign in to continue: this request needs an Authorization: Bearer token.'
    const malformed = 'The Authorization header must be "Bearer <token>".'
    const invalid = 'Your session token is not valid.'

    it('says them word for word in English when nothing else is asked', async () => {
      for (const [headers, message] of [
        [{}, missing],
        [{ authorization: 'Basic dXNlcjpwYXNz' }, malformed],
        [bearer('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'), invalid],
      ] as const) {
        const res = await guarded(headers)
        expect(res.statusCode).toBe(401)
        expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message })
        expect(res.headers['content-language']).toBeUndefined()
      }
    })

    it.each([
      ['de', {}, missing, 'Melden Sie sich an'],
      ['fr', { authorization: 'Basic dXNlcjpwYXNz' }, malformed, 'L’en-tête'],
      ['es', { authorization: 'Bearer not-a-jwt' }, malformed, 'El encabezado'],
      ['it', bearer('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'), invalid, 'Il tuo'],
    ] as const)('says them in %s, the code, the status and the challenge unchanged', async (language, headers, english, start) => {
      const res = await guarded({ ...headers, 'accept-language': language })
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: API_TEXTS[language][english] })
      expect(res.json().error.message).not.toBe(english)
      expect(res.json().error.message.replace("'", '’')).toContain(start)
      expect(res.headers['content-language']).toBe(language)
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/)
    })
  })
})
