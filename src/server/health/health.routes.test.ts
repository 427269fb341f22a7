import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/env.ts'
import { createTestApp, ENGINES } from '#tests/support/test-db.ts'

describe.each(ENGINES)('health and errors on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp(engine)
    // A route that fails on purpose, to see what a 5xx looks like from outside.
    t.app.get('/api/test-explode', async () => {
      throw new Error('secret internal detail: password=hunter2')
    })
  })
  afterAll(async () => t.close())

  it('answers ok when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('answers an unknown /api path with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route for GET /api/no-such-thing' } })
  })

  it('hides the cause of a server error behind a generic message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-explode' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    })
    expect(res.body).not.toContain('hunter2')
  })

  it('sends a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // The API set (decision 033): JSON may run nothing and be framed by nothing.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  })
})

describe('health when the database is down', () => {
  it('answers 503 in the error shape', async () => {
    // A PostgreSQL URL on a port where nothing listens: a real, unreachable database.
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })
    const app = await buildApp(config)
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'The database is not reachable' } })
    } finally {
      await app.close()
    }
  })
})
