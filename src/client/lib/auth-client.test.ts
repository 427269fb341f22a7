import { describe, expect, it } from 'vitest'
import { AuthConfigSchema, TokenResponseSchema } from '#shared/api/auth.ts'
import { toAuthConfig, tokenOf } from '#client/lib/auth-client.ts'

/** The shell checks the two identity answers by hand; they must agree with the shared schemas. */
describe('the hand-written checks of the identity answers', () => {
  const configs: unknown[] = [
    { google: true, sessionCheckIntervalMs: 120_000 },
    { google: false, sessionCheckIntervalMs: 1 },
    { google: 'yes', sessionCheckIntervalMs: 120_000 },
    { google: true, sessionCheckIntervalMs: 0 },
    { google: true, sessionCheckIntervalMs: 1.5 },
    { google: true },
    null,
    [],
  ]

  it.each(configs)('toAuthConfig accepts exactly what AuthConfigSchema accepts: %j', (body) => {
    const schema = AuthConfigSchema.safeParse(body)
    if (schema.success) expect(toAuthConfig(body)).toEqual(schema.data)
    else expect(() => toAuthConfig(body)).toThrow('Unexpected auth configuration')
  })

  it.each([{ token: 'a.b.c' }, { token: '' }, { token: 7 }, {}, null, 'a.b.c'])(
    'tokenOf accepts exactly what TokenResponseSchema accepts: %j',
    (body) => {
      const schema = TokenResponseSchema.safeParse(body)
      expect(tokenOf(body)).toBe(schema.success ? schema.data.token : null)
    },
  )
})
