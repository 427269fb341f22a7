import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
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
    const blocked = await attempt(
      t,
      '/api/auth/sign-in/email',
      { email: user.email.toUpperCase(), password: user.password },
      '198.51.100.99',
    )
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

  /**
   * Over a real socket, with the path exactly as written: inject() and fetch() both resolve dot
   * segments before sending, which would hide the bypass.
   */
  async function rawAttempt(app: NonNullable<typeof t>, rawPath: string, payload: object): Promise<{ status: number; body: unknown }> {
    if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.app.server.address() as AddressInfo
    const body = JSON.stringify(payload)
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: rawPath,
          headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  // The URL parser resolves these to the plain path before better-auth routes them.
  const SPELLINGS = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/sign-in/./email',
    '/api/auth/sign-in/x/%2e%2e/email',
  ]

  it.each(SPELLINGS)('counts %s against the same limit as the plain path', async (spelling) => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_EMAIL: '3' })
    const user = await createUser(t)
    const wrong = { email: user.email, password: 'wrong-guess' }
    // Alternate the plain path and the spelling: they share one count.
    for (const url of ['/api/auth/sign-in/email', spelling, spelling]) {
      expect((await rawAttempt(t, url, wrong)).status, url).toBe(401)
    }
    const blocked = await rawAttempt(t, spelling, { email: user.email, password: user.password })
    expect(blocked).toEqual({ status: 429, body: TOO_MANY })
    expect((await rawAttempt(t, '/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(429)
  })

  it('limits a spelled-out reset request per e-mail, so it cannot send mail after mail', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_EMAIL: '2' })
    const user = await createUser(t)
    const codes = []
    for (const url of [
      '/api/auth/./request-password-reset',
      '/api/auth/%2e/request-password-reset',
      '/api/auth/x/../request-password-reset',
    ]) {
      codes.push((await rawAttempt(t, url, { email: user.email })).status)
    }
    expect(codes).toEqual([200, 200, 429])
    const outbox = fs.readdirSync(path.join(t.config.dataDir, 'outbox'))
    expect(outbox).toHaveLength(2)
  })

  it("keeps better-auth's own limiter on behind ours, per address and path", async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '10' })
    // Straight to the identity service, past our limiter: its second layer allows twice ours.
    const direct = () =>
      t!.app.identity.auth.handler(
        new Request(`${t!.config.publicUrl}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t!.config.publicUrl, 'x-forwarded-for': '203.0.113.77' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'guess-guess' }),
        }),
      )
    const statuses = []
    for (let i = 0; i < 21; i++) statuses.push((await direct()).status)
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('limits reset requests per e-mail when they come from many addresses', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' })
    const user = await createUser(t)
    const codes = []
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await attempt(
            t,
            '/api/auth/request-password-reset',
            { email: i % 2 ? user.email.toUpperCase() : user.email },
            `198.51.100.${10 + i}`,
          )
        ).statusCode,
      )
    }
    expect(codes).toEqual([200, 200, 200, 429, 429, 429])
    expect(fs.readdirSync(path.join(t.config.dataDir, 'outbox'))).toHaveLength(3)
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
