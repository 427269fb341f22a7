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

  it('names every registered route with its method', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.url !== '/api/openapi.json')
    expect(routes.length).toBeGreaterThan(15)
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
    expect(missing).toEqual([])
  })
})
