import { describe, expect, it } from 'vitest'
import { bearer, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** Every integer query parameter, on a route that takes it. */
const PARAMS = [
  ['after', '/api/journal-entries'],
  ['limit', '/api/journal-entries'],
  ['limit', '/api/blends'],
  ['limit', '/api/blend-projects'],
  ['oilId', '/api/shelf/bottles'],
  ['limit', '/api/shelf/bottles'],
  ['projectId', '/api/journal-entries'],
] as const

describe.each(ENGINES)('integer query parameters on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  useTestApp(engine, (ctx) => ({ t, user } = ctx))

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) })

  describe.each(PARAMS)('%s on %s', (name, route) => {
    it.each(['', '%20', '%205', '0x10', '1e1', '+5', '-1', '1.0', '05', 'five', '2147483648', '99999999999'])(
      'refuses %j with 400 in the error shape, naming the parameter',
      async (value) => {
        const res = await get(`${route}?${name}=${value}`)
        expect(res.statusCode, res.body).toBe(400)
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(name) })
      },
    )

    it('accepts plain digits', async () => {
      const res = await get(`${route}?${name}=5`)
      expect(res.statusCode, res.body).toBe(200)
    })
  })
})
