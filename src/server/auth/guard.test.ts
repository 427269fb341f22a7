import { generateKeyPair, SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bearer, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('the API guard on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  useTestApp(engine, (ctx) => ({ t, user } = ctx))
  afterEach(() => {
    vi.useRealTimers()
  })

  const getBlends = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/blends', headers })
  const expectUnauthenticated = (res: Awaited<ReturnType<typeof getBlends>>) => {
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } })
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/)
  }
  /** A token shaped like ours, signed by a key the identity service never issued. */
  const forged = async (kid: string) => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
    return new SignJWT({ sid: 'any-session' })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(user.userId)
      .setIssuer(t.config.publicUrl)
      .setAudience(t.config.publicUrl)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(privateKey)
  }
  const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).kid as string

  it('lets a signed-in user list their blends, empty at first', async () => {
    const res = await getBlends(bearer(user.token))
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toEqual([])
  })

  it('refuses a request without a token', async () => {
    const res = await getBlends()
    expectUnauthenticated(res)
    expect(res.json().error.message).toMatch(/sign in/i)
  })

  it.each([
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['no token', 'Bearer'],
    ['not a JWT', 'Bearer not-a-jwt'],
    ['two tokens', 'Bearer a.b.c d.e.f'],
  ])('refuses a malformed Authorization header (%s)', async (_case, header) => {
    expectUnauthenticated(await getBlends({ authorization: header }))
  })

  it('refuses a token that is structurally a JWT but garbage', async () => {
    expectUnauthenticated(await getBlends(bearer('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')))
  })

  it('refuses an expired token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 16 * 60 * 1000)
    const res = await getBlends(bearer(user.token))
    expectUnauthenticated(res)
    expect(res.json().error.message).toMatch(/expired/)
  })

  it('accepts a token until its last minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 14 * 60 * 1000)
    expect((await getBlends(bearer(user.token))).statusCode).toBe(200)
  })

  it('refuses a token signed by another key under an unknown key id', async () => {
    expectUnauthenticated(await getBlends(bearer(await forged('someone-elses-key'))))
  })

  it('refuses a token signed by another key that claims our key id', async () => {
    expectUnauthenticated(await getBlends(bearer(await forged(kidOf(user.token)))))
  })

  it('refuses a token whose payload was altered', async () => {
    const [header, payload, signature] = user.token.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')
    expectUnauthenticated(await getBlends(bearer(`${header}.${altered}.${signature}`)))
  })

  it('keeps public routes open and unknown paths a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/essential-oils?search=rose' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/auth-config' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404)
  })
})
