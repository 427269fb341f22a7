import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { SavedBlend } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { ShareLink } from '#shared/api/shares.ts'
import { httpTarget, signUpVia } from '../support/api-target.ts'
import { blendBody } from '../support/blend-fixtures.ts'
import { BUILT_ENGINES, serveBuilt, type BuiltServer } from '../support/built-servers.ts'
import { waitForHealth, waitForReadyFile } from '../support/server-process.ts'

/**
 * The built server (dist/server/main.js, started as `npm run serve` starts it, by
 * tests/support/built-servers.ts) answers its public documents and pages as declared, over real
 * HTTP, on each engine (issue #33): SQLite, and PostgreSQL when TEST_DATABASE_URL is set. The
 * in-process tests build the app without the built client; only this server has the page routes,
 * the static files and the page table, so only here does a route that production alone registers
 * meet the contract's builder (`GET /api/openapi.json` answered 500 on it). Each engine's server
 * starts once for this file, and its checks run one after another against it.
 */

type Operation = Record<string, unknown>
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

/** Fastify's `/api/blends/:id` is OpenAPI's `/api/blends/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}')

/** The API routes the source registers (tests/support/route-table.ts), without a CORS preflight. */
function sourceRoutes(): { method: string; url: string }[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/route-table.ts'], { encoding: 'utf8', timeout: 60_000 })
  return (JSON.parse(out) as { method: string; url: string }[]).filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS' && r.url !== '/api/openapi.json',
  )
}

for (const engine of BUILT_ENGINES) {
  test.describe(`the built server's public documents and pages on ${engine.name}`, () => {
    // In order, in one worker, on one server; a failed check ends the worker, and the next starts another server and goes on.
    test.describe.configure({ mode: 'default' })
    let server: BuiltServer
    let request: APIRequestContext
    test.beforeAll(async ({ playwright }) => {
      server = await serveBuilt(engine)
      request = await playwright.request.newContext({ baseURL: server.url })
    })
    test.afterAll(async () => {
      await request?.dispose()
      await server?.stop()
    })
    test.afterEach(() => {
      expect(server.errors(), 'the server logged no error').toEqual([])
    })

    test('publishes a valid OpenAPI 3.1 contract naming every API route the source registers, from memory', async () => {
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
      expect(
        Object.keys(document.paths).filter((p) => p === '/' || p === '/book' || p.startsWith('/assets') || p.startsWith('/s/')),
      ).toEqual([])
      // Served from memory: the second answer is the same bytes.
      expect(await (await request.get('/api/openapi.json')).text()).toBe(await res.text())
    })

    for (const [path, heading] of [
      ['/', 'id="hero-title"'],
      ['/book', 'id="book-title"'],
    ] as const) {
      test(`answers ${path} with its prerendered page, addressed from this server`, async () => {
        const res = await request.get(path, { headers: { accept: 'text/html' } })
        expect(res.status()).toBe(200)
        expect(res.headers()['content-type']).toBe('text/html; charset=utf-8')
        expect(res.headers()['cache-control']).toBe('no-cache')
        const html = await res.text()
        // The page the build rendered ahead of time, not the bare app shell (index.html).
        expect(html).toContain(heading)
        expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"`)
        expect(html).not.toContain('%ACCORD_ORIGIN%')
      })
    }

    test('answers a share link with its page, naming the blend, and an unknown link with the not-available page', async () => {
      const api = httpTarget(server.url)
      try {
        const user = await signUpVia(api, { email: `sharer-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Sharer' })
        const auth = { authorization: `Bearer ${user.token}` }
        const oils = Object.fromEntries(
          ((await request.get('/api/essential-oils').then((r) => r.json())) as EssentialOil[]).map((o) => [o.name, o]),
        )
        const created = await request.post('/api/blends', { headers: auth, data: blendBody(oils, { name: 'Cedar & Bergamot Dusk' }) })
        expect(created.status(), await created.text()).toBe(201)
        const blend = (await created.json()) as SavedBlend
        const shared = await request.post(`/api/blends/${blend.id}/shares`, { headers: auth, data: { showName: true } })
        expect(shared.status(), await shared.text()).toBe(201)
        const link = (await shared.json()) as ShareLink
        expect(link.path).toBe(`/s/${link.token}`)

        const page = await request.get(link.path)
        expect(page.status()).toBe(200)
        expect(page.headers()['content-type']).toBe('text/html; charset=utf-8')
        expect(page.headers()['cache-control']).toBe('no-store')
        expect(page.headers()['referrer-policy']).toBe('no-referrer')
        const html = await page.text()
        // The name is HTML-escaped on the page (its ampersand).
        expect(html).toContain('<h1 id="blend-name">Cedar &amp; Bergamot Dusk</h1>')
        expect(html).toContain(`${server.url}${link.path}`)

        // A link that never was, and one that is no token at all: 404 with the page that says so, no recipe.
        for (const path of [`/s/${'Q'.repeat(link.token.length)}`, '/s/short']) {
          const missing = await request.get(path)
          expect(missing.status(), path).toBe(404)
          expect(missing.headers()['content-type'], path).toBe('text/html; charset=utf-8')
          expect(missing.headers()['cache-control'], path).toBe('no-store')
          const text = await missing.text()
          expect(text, path).toContain('<h1 id="missing">This shared blend is not available</h1>')
          expect(text, path).not.toContain('blend-name')
        }
      } finally {
        api.close()
      }
    })

    test('answers the OAuth and MCP discovery documents, readable from any origin', async () => {
      for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
        const res = await request.get(path)
        expect(res.status(), path).toBe(200)
        expect(res.headers()['content-type'], path).toMatch(/^application\/json/)
        expect(res.headers()['access-control-allow-origin'], path).toBe('*')
        const body = (await res.json()) as { resource: string; authorization_servers: string[]; scopes_supported: string[] }
        expect(body.resource, path).toBe(`${server.url}/mcp`)
        expect(body.authorization_servers, path).toEqual([server.url])
        expect(body.scopes_supported, path).toContain('offline_access')
      }
      for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp']) {
        const res = await request.get(path)
        expect(res.status(), path).toBe(200)
        expect(res.headers()['access-control-allow-origin'], path).toBe('*')
        const body = (await res.json()) as { issuer: string; token_endpoint: string; code_challenge_methods_supported: string[] }
        expect(body.issuer, path).toBe(server.url)
        expect(body.token_endpoint, path).toMatch(new RegExp(`^${server.url}/`))
        expect(body.code_challenge_methods_supported, path).toEqual(['S256'])
      }
    })

    test('answers the install manifest', async () => {
      const res = await request.get('/manifest.webmanifest')
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toContain('application/manifest+json')
      expect(res.headers()['cache-control']).toBe('no-cache')
      expect(await res.json()).toMatchObject({ id: '/', short_name: 'Accord', start_url: '/', scope: '/', display: 'standalone' })
    })

    test('answers the service worker the build made, never cached long, with the files it imports', async () => {
      const res = await request.get('/sw.js')
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toMatch(/^(text|application)\/javascript/)
      // An update reaches browsers on their next visit.
      expect(res.headers()['cache-control']).toBe('no-cache')
      // At the root, the worker's scope is the whole origin already: the server sends no Service-Worker-Allowed.
      expect(res.headers()['service-worker-allowed']).toBeUndefined()
      expect(res.headers()['content-security-policy']).toContain("worker-src 'self'")
      const worker = await res.text()
      expect(worker).toBe(fs.readFileSync('dist/client/sw.js', 'utf8'))
      // What it loads is served too: Workbox's runtime (an AMD module, "./workbox-<hash>") and the
      // reminders' push handlers (importScripts).
      const imported = [
        ...[...worker.matchAll(/"\.\/(workbox-[\w-]+)"/g)].map((m) => `/${m[1]}.js`),
        ...[...worker.matchAll(/importScripts\("([^"]+)"\)/g)].map((m) => m[1]!),
      ]
      expect(imported).toEqual([expect.stringMatching(/^\/workbox-[\w-]+\.js$/), '/sw-push.js'])
      for (const file of imported) {
        const script = await request.get(file)
        expect(script.status(), file).toBe(200)
        expect(script.headers()['content-type'], file).toMatch(/^(text|application)\/javascript/)
      }
    })

    test('answers 404 to paths that are no page of the app, and the app to each page its routers render (issue #32)', async () => {
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
}

test.describe('the built server at start', () => {
  test('stops at start, naming AUTH_SECRET, when the secret cannot read the signing keys it made them with (issue #32)', async () => {
    test.setTimeout(60_000)
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-secret-'))
    const children: ReturnType<typeof spawn>[] = []
    /** The built server as `npm run serve` starts it, on this data folder, with `secret`. */
    const start = (secret: string) => {
      const logFile = path.join(dataDir, `server-${secret.slice(0, 1)}.log`)
      const log = fs.openSync(logFile, 'w')
      const readyFile = path.join(dataDir, `ready-${secret.slice(0, 1)}.json`)
      const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: '0',
          PUBLIC_URL: '',
          READY_FILE: readyFile,
          DATA_DIR: dataDir,
          DATABASE_URL: path.join(dataDir, 'accord.db'),
          LOG_LEVEL: 'warn',
          AUTH_SECRET: secret,
        },
        stdio: ['ignore', log, log],
      })
      children.push(child)
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      return { child, exited, readyFile, output: () => fs.readFileSync(logFile, 'utf8') }
    }
    try {
      // The first start makes the signing keys with its secret, and serves.
      const first = start('a'.repeat(40))
      await waitForHealth(await waitForReadyFile(first.readyFile, first.child, 20_000), 20_000, first.child)
      first.child.kill('SIGTERM')
      expect(await first.exited).toBe(0)
      // Another secret: the keys cannot be read. It says so and stops, never listening.
      const second = start('b'.repeat(40))
      expect(await second.exited).toBe(1)
      expect(second.output()).toMatch(/AUTH_SECRET cannot read the identity service's signing keys/)
      expect(fs.existsSync(second.readyFile)).toBe(false)
    } finally {
      // A server that did not stop is stopped here, whatever failed.
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
