import { execFileSync } from 'node:child_process'
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect, test } from '@playwright/test'

/**
 * The built server (dist/server/main.js, started as `npm run serve` starts it, by
 * tests/support/e2e-server.ts) answers its public documents and pages as declared, over real HTTP
 * (issue #33). The in-process tests build the app without the built client; only this server has
 * the page routes, the static files and the page table, so only here does a route that production
 * alone registers meet the contract's builder (`GET /api/openapi.json` answered 500 on it).
 */

type Operation = Record<string, unknown>
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

/** Fastify's `/api/blends/:id` is OpenAPI's `/api/blends/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}')

/** The API routes the source registers (tests/support/route-table.ts), without a CORS preflight. */
function sourceRoutes(): { method: string; url: string }[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/route-table.ts'], { encoding: 'utf8', timeout: 60_000 })
  return (JSON.parse(out) as { method: string; url: string }[]).filter((r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS' && r.url !== '/api/openapi.json')
}

test.describe('the built server', () => {
  test('publishes a valid OpenAPI 3.1 contract naming every API route the source registers, from memory', async ({ request }) => {
    const res = await request.get('/api/openapi.json')
    expect(res.status(), (await res.text()).slice(0, 300)).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^application\/json/)
    const document = (await res.json()) as Document
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0])
    expect(result.errors ?? []).toEqual([])
    const routes = sourceRoutes()
    expect(routes.length).toBeGreaterThan(40)
    const missing = routes.filter((r) =>
      r.url === '/api/auth/*'
        ? !Object.entries(document.paths).some(([path, ops]) => path.startsWith('/api/auth/') && ops[r.method.toLowerCase()])
        : !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()],
    )
    expect(missing).toEqual([])
    // Pages are not operations of the API.
    expect(Object.keys(document.paths).filter((p) => p === '/' || p === '/book' || p.startsWith('/assets'))).toEqual([])
    // Served from memory: the second answer is the same bytes.
    expect(await (await request.get('/api/openapi.json')).text()).toBe(await res.text())
  })

  for (const [path, type, marker] of [
    ['/', 'text/html', '<html'],
    ['/book', 'text/html', '<html'],
    ['/manifest.webmanifest', 'application/manifest+json', '"start_url"'],
  ] as const) {
    test(`answers ${path} with its ${type}`, async ({ request }) => {
      const res = await request.get(path)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toContain(type)
      expect(await res.text()).toContain(marker)
    })
  }

  test('answers the OAuth and MCP discovery documents', async ({ request, baseURL }) => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(200)
      const body = (await res.json()) as { resource: string; authorization_servers: string[] }
      expect(body.resource, path).toBe(`${baseURL}/mcp`)
      expect(body.authorization_servers.length, path).toBeGreaterThan(0)
    }
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp']) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(200)
      const body = (await res.json()) as { issuer: string; token_endpoint: string; code_challenge_methods_supported: string[] }
      expect(body.token_endpoint, path).toMatch(/^http/)
      expect(body.code_challenge_methods_supported, path).toEqual(['S256'])
    }
  })

  test('answers 404 to paths that are no page of the app, and the app to each page its routers render (issue #32)', async ({ request }) => {
    for (const path of ['/.well-known/openid-configuration', '/api/anything', '/wp-login.php']) {
      const res = await request.get(path)
      expect(res.status(), path).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('NOT_FOUND')
    }
    const browser = { accept: 'text/html,application/xhtml+xml' }
    const mistyped = await request.get('/no-such-page', { headers: browser })
    expect(mistyped.status()).toBe(404)
    expect(await mistyped.text()).toContain('<div id="root">')
    for (const path of ['/journal', '/blend', '/account', '/redeem', '/reset-password', '/oauth/consent']) {
      const res = await request.get(path, { headers: browser })
      expect(res.status(), path).toBe(200)
      expect(res.headers()['content-type'], path).toContain('text/html')
    }
  })
})
