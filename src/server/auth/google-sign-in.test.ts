import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, cookieHeader, createTestApp, ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Google sign-in goes through Google's OpenID discovery document; here the same code path runs
 * against a local OpenID provider on 127.0.0.1 (oauth2-mock-server), following redirects by hand.
 */
describe.each(ENGINES)('Google sign-in on %s', (engine) => {
  const provider = new OAuth2Server()
  let t: Awaited<ReturnType<typeof createTestApp>>

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    // The mock's ID token carries only `sub`: give it the profile Google sends.
    provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' })
    })
    t = await createTestApp(engine, {
      GOOGLE_CLIENT_ID: 'accord-test-client',
      GOOGLE_CLIENT_SECRET: 'accord-test-secret',
      GOOGLE_DISCOVERY_URL: `${provider.issuer.url}/.well-known/openid-configuration`,
    })
  })
  afterAll(async () => {
    await t.close()
    await provider.stop()
  })

  it('tells the client Google sign-in is available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-config' })
    expect(res.json()).toEqual({ google: true, sessionCheckIntervalMs: 120_000 })
  })

  it('signs in through the provider and issues a working API token', async () => {
    // 1. The client asks where to send the browser.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.publicUrl },
      payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/?signInError=google' },
    })
    expect(start.statusCode).toBe(200)
    const authorizeUrl = new URL((start.json() as { url: string }).url)
    expect(authorizeUrl.origin).toBe(provider.issuer.url)
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/callback/google`)
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy()
    const stateCookies = cookieHeader(start.headers['set-cookie'])

    // 2. The provider authenticates the user and redirects back with a code.
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' })
    expect(authorize.status).toBe(302)
    const callback = new URL(authorize.headers.get('location') ?? '')
    expect(`${callback.origin}${callback.pathname}`).toBe(`${t.config.publicUrl}/api/auth/callback/google`)

    // 3. Our callback exchanges the code, checks the ID token and opens a session.
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookies },
    })
    expect(done.statusCode).toBe(302)
    expect(done.headers.location).toBe('/')
    const session = cookieHeader(done.headers['set-cookie'])
    expect(session).toContain('accord.session_token=')

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: session } })
    expect(me.json().user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' })

    // 4. The session yields a bearer token the API accepts.
    const token = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: session } })
    expect(token.statusCode).toBe(200)
    const blends = await t.app.inject({ method: 'GET', url: '/api/blends', headers: bearer(token.json().token) })
    expect(blends.statusCode).toBe(200)
    expect(blends.json().items).toEqual([])
  })

  it('sends the browser to the error callback when the provider refuses', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.publicUrl },
      payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/?signInError=google' },
    })
    const authorize = await fetch((start.json() as { url: string }).url, { redirect: 'manual' })
    const callback = new URL(authorize.headers.get('location') ?? '')
    provider.service.once('beforeResponse', (response) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant' }
    })
    const done = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(start.headers['set-cookie']) },
    })
    expect(done.statusCode).toBe(302)
    const landing = new URL(String(done.headers.location), t.config.publicUrl)
    expect(landing.pathname).toBe('/')
    expect(landing.searchParams.get('signInError')).toBe('google')
    expect(landing.searchParams.get('error')).toBeTruthy()
    expect(cookieHeader(done.headers['set-cookie'])).not.toContain('accord.session_token=')
  })
})

describe('Google sign-in when not configured', () => {
  let t: TestAppHandle
  useTestApp('sqlite', (ctx) => ({ t } = ctx))

  it('is reported off and refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth-config' })).json()).toEqual({
      google: false,
      sessionCheckIntervalMs: 120_000,
    })
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.publicUrl },
      payload: { provider: 'google', callbackURL: '/' },
    })
    expect(start.statusCode).toBe(404)
    expect(start.json().error.code).toBe('PROVIDER_NOT_FOUND')
  })
})
