import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, createUser } from '#tests/support/test-db.ts'

describe('security headers and cookies', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it('sends a page a strict CSP and the basic hardening headers over http, without HSTS', async () => {
    const t = await createTestApp('sqlite')
    close = t.close
    const res = await t.app.inject({ method: 'GET', url: '/journal' })
    const csp = String(res.headers['content-security-policy'])
    // Our own scripts, and WebAssembly compiled from our own files (the QR scanner's decoder, decision 082); never eval.
    expect(csp).toMatch(/(^|;)script-src 'self' 'wasm-unsafe-eval'(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends an API answer the API set: nothing may frame, run, sniff or embed it (decision 033)', async () => {
    const t = await createTestApp('sqlite')
    close = t.close
    for (const url of ['/api/health', '/api/essential-oils', '/api/blends', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
      // The page-only headers stay off JSON.
      expect(res.headers['x-xss-protection'], url).toBeUndefined()
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined()
    }
    const https = await createTestApp('sqlite', { PUBLIC_URL: 'https://accord.example' })
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/)
    } finally {
      await https.close()
    }
  })

  it('lets only our own files be the service worker and the install manifest (decision 029)', async () => {
    const t = await createTestApp('sqlite')
    close = t.close
    const csp = String((await t.app.inject({ method: 'GET', url: '/journal' })).headers['content-security-policy'])
    expect(csp).toMatch(/(^|;)worker-src 'self'(;|$)/)
    expect(csp).toMatch(/(^|;)manifest-src 'self'(;|$)/)
  })

  it('allows Google account photos only when Google sign-in is configured', async () => {
    const plain = await createTestApp('sqlite')
    const withGoogle = await createTestApp('sqlite', {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:1/.well-known/openid-configuration',
    })
    close = async () => {
      await plain.close()
      await withGoogle.close()
    }
    const csp = async (t: typeof plain) =>
      String((await t.app.inject({ method: 'GET', url: '/journal' })).headers['content-security-policy'])
    expect(await csp(plain)).not.toContain('googleusercontent')
    expect(await csp(withGoogle)).toMatch(/img-src [^;]*https:\/\/\*\.googleusercontent\.com/)
  })

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const t = await createTestApp('sqlite', { PUBLIC_URL: 'https://accord.example' })
    close = t.close
    const res = await t.app.inject({ method: 'GET', url: '/journal' })
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/)
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
  })

  it('sets the session cookie HttpOnly and SameSite=Lax, not Secure over http', async () => {
    const t = await createTestApp('sqlite')
    close = t.close
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.publicUrl },
      payload: { name: 'Cookie Check', email: 'cookie@example.com', password: 'long enough password' },
    })
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token'))
    expect(cookie).toBeDefined()
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/;\s*Secure/i)
  })

  it('marks the session cookie Secure under https', async () => {
    const t = await createTestApp('sqlite', { PUBLIC_URL: 'https://accord.example' })
    close = t.close
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://accord.example' },
      payload: { name: 'Secure Check', email: 'secure@example.com', password: 'long enough password' },
    })
    expect(res.statusCode).toBe(200)
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token'))
    expect(cookie).toMatch(/^__Secure-/)
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
  })

  it('never returns a stack trace or internal message', async () => {
    const t = await createTestApp('sqlite')
    close = t.close
    await createUser(t)
    const res = await t.app.inject({ method: 'POST', url: '/api/health', payload: '{' })
    expect(res.statusCode).toBe(405)
    expect(res.body).not.toMatch(/at .*\.ts:\d+/)
  })
})
