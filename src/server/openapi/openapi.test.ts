import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestAppHandle } from '#tests/support/test-db.ts'

/** Fastify's `/api/blends/:id` is OpenAPI's `/api/blends/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/\*$/, '/{path}')

describe('the published API contract', () => {
  let t: TestAppHandle
  let document: { openapi: string; paths: Record<string, Record<string, unknown>> }
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    document = res.json()
  })
  afterAll(async () => t.close())

  it('is a valid OpenAPI 3.1 document, served without signing in', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document as unknown as Parameters<Validator["validate"]>[0])
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('names every registered API route with its method', () => {
    // The contract is the API's; pages (a share link's page) are not in it.
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json')
    expect(routes.length).toBeGreaterThan(15)
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
    expect(missing).toEqual([])
  })

  it('declares every route\'s success answer and the error shape, except the identity service\'s forwarder', () => {
    const undeclared: string[] = []
    for (const route of t.app.registeredRoutes) {
      if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json' || route.url === '/api/auth/*') continue
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as { responses?: Record<string, unknown> }
      const codes = Object.keys(operation?.responses ?? {})
      if (!codes.some((code) => code.startsWith('2')) || !codes.includes('4XX')) undeclared.push(`${route.method} ${route.url}: ${codes.join(', ')}`)
    }
    expect(undeclared).toEqual([])
  })

  it('leaves the pages out', () => {
    expect(t.app.registeredRoutes.map((r) => r.url)).toContain('/s/:token')
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([])
  })
})
