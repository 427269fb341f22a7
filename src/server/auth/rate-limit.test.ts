import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, createUser, ENGINES } from '#tests/support/test-db.ts'

const TOO_MANY = { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } }

describe.each(ENGINES)('auth rate limits on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const attempt = (app: NonNullable<typeof t>, url: string, payload: object, ip = '203.0.113.7') =>
    app.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { origin: app.config.publicUrl }, payload })

  it('limits sign-in attempts per e-mail, from any address', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_EMAIL: '3' })
    const user = await createUser(t)
    for (let i = 0; i < 3; i++) {
      const res = await attempt(t, '/api/auth/sign-in/email', { email: user.email, password: 'wrong-guess' }, `198.51.100.${i}`)
      expect(res.statusCode).toBe(401)
    }
    const blocked = await attempt(t, '/api/auth/sign-in/email', { email: user.email.toUpperCase(), password: user.password }, '198.51.100.99')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual(TOO_MANY)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // Another account is not affected.
    const other = await createUser(t)
    expect((await attempt(t, '/api/auth/sign-in/email', { email: other.email, password: other.password })).statusCode).toBe(200)
  })

  it('limits attempts per client address, whatever the e-mail', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '2' })
    for (let i = 0; i < 2; i++) {
      const res = await attempt(t, '/api/auth/sign-in/email', { email: `guess${i}@example.com`, password: 'guess-guess' })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await attempt(t, '/api/auth/sign-in/email', { email: 'guess9@example.com', password: 'guess-guess' })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual(TOO_MANY)
    // Another client is not affected.
    const elsewhere = await attempt(t, '/api/auth/sign-in/email', { email: 'guess9@example.com', password: 'guess-guess' }, '192.0.2.1')
    expect(elsewhere.statusCode).toBe(401)
  })

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY is set', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '1' })
    const forged = (n: number) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '203.0.113.50',
        headers: { origin: t!.config.publicUrl, 'x-forwarded-for': `10.0.0.${n}` },
        payload: { email: `forged${n}@example.com`, password: 'guess-guess' },
      })
    expect((await forged(1)).statusCode).toBe(401)
    expect((await forged(2)).statusCode).toBe(429)
  })

  it('limits sign-up and reset requests too', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '1' })
    const signUp = { name: 'Many', email: 'many@example.com', password: 'password1' }
    expect((await attempt(t, '/api/auth/sign-up/email', signUp)).statusCode).toBe(200)
    expect((await attempt(t, '/api/auth/sign-up/email', { ...signUp, email: 'more@example.com' })).json()).toEqual(TOO_MANY)
    expect((await attempt(t, '/api/auth/request-password-reset', { email: 'many@example.com' })).statusCode).toBe(200)
    const reset = await attempt(t, '/api/auth/request-password-reset', { email: 'many@example.com' })
    expect(reset.statusCode).toBe(429)
    expect(reset.json()).toEqual(TOO_MANY)
  })
})
