import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { EssentialOil } from '#shared/api/oils.ts'
import { startBuiltServer, stopServer } from '../support/server-process.ts'
import { createPgSchema } from '../support/pg-schema.ts'
import { startTcpProxy } from '../support/tcp-proxy.ts'

const base = process.env.TEST_DATABASE_URL

/**
 * The built server on PostgreSQL through a TCP proxy: the database goes away (every connection
 * dropped, nothing listening) and comes back on the same address. The process lives on, answers
 * 503 meanwhile, serves again with no restart, and logs the loss without the URL's password.
 */
test('the server outlives its database going away and coming back', async () => {
  test.skip(!base, 'PostgreSQL only: set TEST_DATABASE_URL')
  test.setTimeout(60_000)
  const schema = await createPgSchema(base!, 'faults')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-faults-'))
  const direct = new URL(base!)
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
  try {
    // A password the server must never log (trust authentication does not ask for it).
    const url = new URL(base!)
    url.host = `127.0.0.1:${proxy.port}`
    url.password = 'never-logged-secret'
    url.searchParams.set('schema', schema.name)
    const server = await startBuiltServer(dataDir, { DATABASE_URL: url.toString() })
    try {
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          name: 'Fault Test',
          email: `faults-${randomBytes(6).toString('hex')}@example.com`,
          password: 'long enough password',
        }),
      })
      expect(signUp.status).toBe(200)
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';', 1)[0])
        .join('; ')
      const { token } = (await (await fetch(`${server.url}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const oils = (await (await fetch(`${server.url}/api/essential-oils`)).json()) as EssentialOil[]
      const oil = (name: string) => oils.find((o) => o.name === name)!.id
      const body = (name: string) =>
        JSON.stringify({
          name,
          topNote: oil('Bergamot'),
          middleNote: oil('Lavender'),
          baseNote: oil('Atlas Cedarwood'),
          topPercentage: 30,
          middlePercentage: 50,
          basePercentage: 20,
        })
      const created = await fetch(`${server.url}/api/blends`, { method: 'POST', headers, body: body('Before') })
      expect(created.status).toBe(201)

      await proxy.kill()
      const start = Date.now()
      const health = await fetch(`${server.url}/api/health`)
      expect(health.status).toBe(503)
      const list = await fetch(`${server.url}/api/blends`, { headers })
      expect(list.status).toBe(503)
      expect(((await list.json()) as { error: { code: string } }).error.code).toBe('DATABASE_UNAVAILABLE')
      expect(Date.now() - start).toBeLessThan(2_000)
      // The pool's connections died with the proxy: once it has reported the loss, the process
      // must still be there (unhandled, that report would have ended it).
      await expect.poll(() => fs.readFileSync(server.logFile, 'utf8'), { timeout: 5_000 }).toContain('database connection lost')
      expect(server.child.exitCode).toBeNull()

      await proxy.restore()
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      const again = await fetch(`${server.url}/api/blends`, { headers })
      expect(again.status).toBe(200)
      expect(((await again.json()) as { items: { name: string }[] }).items.map((b) => b.name)).toEqual(['Before'])
      expect((await fetch(`${server.url}/api/blends`, { method: 'POST', headers, body: body('After') })).status).toBe(201)

      expect(await stopServer(server)).toBe(0)
      const log = fs.readFileSync(server.logFile, 'utf8')
      expect(log).toContain('database connection lost')
      expect(log).not.toContain('never-logged-secret')
    } finally {
      await stopServer(server, 'SIGKILL')
    }
  } finally {
    await proxy.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    await schema.drop()
  }
})
