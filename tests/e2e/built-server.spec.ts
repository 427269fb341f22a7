import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect, test } from '@playwright/test'
import { waitForHealth, waitForReadyFile } from '../support/server-process.ts'

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
  return (JSON.parse(out) as { method: string; url: string }[]).filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS' && r.url !== '/api/openapi.json',
  )
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
