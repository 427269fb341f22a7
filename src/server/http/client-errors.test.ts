import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestAppHandle } from '#tests/support/test-db.ts'

/**
 * What Node refuses before the app reads a request is answered in the app's error shape too
 * (issue 33: the built server answered a 1 MB URL with Fastify's default 431 body), and the
 * published contract declares it. Over a real socket: inject() has no header limit.
 */
describe('refusals before the app reads the request', () => {
  let t: TestAppHandle | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('answers a 1 MB URL with 431 in the error shape', async () => {
    t = await createTestApp('sqlite')
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const res = await new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: `/api/blends?q=${'x'.repeat(1024 * 1024)}` }, (r) => {
        let text = ''
        r.on('data', (chunk: Buffer) => (text += chunk.toString()))
        r.on('end', () => resolve({ status: r.statusCode ?? 0, type: r.headers['content-type'], body: text }))
      })
      req.on('error', reject)
      req.end()
    })
    expect(res.status).toBe(431)
    expect(res.type).toMatch(/^application\/json/)
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: 'The request line and headers are too large' },
    })
    // The published contract declares it, for this operation as for every other.
    type Answer = {
      content: {
        'application/json': { schema: { allOf: [unknown, { properties: { error: { properties: { code: { enum: string[] } } } } }] } }
      }
    }
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, Answer> }>>
    }>()
    const declared = document.paths['/api/blends']?.get?.responses['431']
    expect(declared?.content['application/json'].schema.allOf[1].properties.error.properties.code.enum).toEqual(['HEADERS_TOO_LARGE'])
  })
})
