import { describe, expect, it } from 'vitest'
import { bearer, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** A concrete path for a route pattern: each parameter a plausible id, the wildcard a word. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x')

describe('a method a path does not answer', () => {
  let t: TestAppHandle
  let user: TestUser
  useTestApp('sqlite', (ctx) => ({ t, user } = ctx))

  it('is a 405 with Allow naming the methods the path does answer, on every API route', async () => {
    const byUrl = new Map<string, Set<string>>()
    for (const r of t.app.registeredRoutes) {
      if (!r.url.startsWith('/api/')) continue
      byUrl.set(r.url, (byUrl.get(r.url) ?? new Set()).add(r.method))
    }
    expect(byUrl.size).toBeGreaterThan(20)
    const wrong: string[] = []
    // A path under a wildcard (the CORS preflights under /api/auth/*) also answers the wildcard's methods.
    const answeredAt = (url: string) =>
      new Set(
        [...byUrl]
          .filter(([other]) => other === url || (other.endsWith('/*') && url.startsWith(other.slice(0, -1))))
          .flatMap(([, m]) => [...m]),
      )
    for (const url of byUrl.keys()) {
      const methods = answeredAt(url)
      const method = METHODS.find((m) => !methods.has(m))
      if (!method) continue
      const res = await t.app.inject({ method, url: concrete(url), headers: bearer(user.token) })
      const allow = String(res.headers.allow ?? '').split(', ')
      if (res.statusCode !== 405 || res.json().error?.code !== 'METHOD_NOT_ALLOWED' || ![...methods].every((m) => allow.includes(m))) {
        wrong.push(`${method} ${url}: ${res.statusCode} allow=${String(res.headers.allow)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('names GET and HEAD for a read-only path, and still answers 404 for a path that does not exist', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/essential-oils' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
    expect(res.json()).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/essential-oils does not answer DELETE. It answers GET, HEAD.' },
    })
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' })
    expect(missing.statusCode).toBe(404)
  })
})
