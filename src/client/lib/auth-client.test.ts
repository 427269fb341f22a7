import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthConfigSchema, TokenResponseSchema } from '#shared/api/auth.ts'
import { getIdToken, replaceSessionWith, resetAuthClient, toAuthConfig, tokenOf } from '#client/lib/auth-client.ts'

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

describe('a password change replaces the session', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    resetAuthClient()
  })

  /** A JWT-shaped token that expires in an hour. */
  const tokenFor = (session: string) => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, session }))}.s`

  it('asks for no token with the old cookie while the change is under way, and none from before it after', async () => {
    let cookie = 'old'
    let finishChange!: () => void
    const tokenRequests: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/auth/token') {
        tokenRequests.push(cookie)
        return cookie === 'old-ended' ? new Response('{}', { status: 401 }) : Response.json({ token: tokenFor(cookie) })
      }
      throw new Error(`unexpected ${url}`)
    })
    await getIdToken()
    expect(tokenRequests).toEqual(['old'])

    const change = replaceSessionWith(
      () =>
        new Promise<void>((resolve) => {
          cookie = 'old-ended' // the identity service has ended every session...
          finishChange = () => {
            cookie = 'new' // ...and the new cookie arrives with the answer
            resolve()
          }
        }),
    )
    const checked = getIdToken({ forceRefresh: true })
    const cached = getIdToken()
    await new Promise((r) => setTimeout(r, 10))
    expect(tokenRequests).toEqual(['old'])
    finishChange()
    await change
    expect(JSON.parse(atob((await checked).split('.')[1]!)).session).toBe('new')
    expect(JSON.parse(atob((await cached).split('.')[1]!)).session).toBe('new')
    expect(tokenRequests).toEqual(['old', 'new'])
  })
})
