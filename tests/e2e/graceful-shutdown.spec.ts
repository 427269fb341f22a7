import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { EssentialOil } from '#shared/api/oils.ts'
import { BUILT_ENGINES } from '../support/built-servers.ts'
import { startBuiltServer, stopServer } from '../support/server-process.ts'

/** How a request ended: an HTTP answer, refused before anything was sent, or cut off after it was sent. */
type Outcome =
  { kind: 'answered'; status: number; body: string } | { kind: 'refused' } | { kind: 'cut'; code: string; reusedSocket: boolean }

/** One request on the agent's keep-alive connections; never rejects. */
function send(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ kind: 'answered', status: res.statusCode!, body: Buffer.concat(chunks).toString() }))
      res.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ kind: 'cut', code: err.code ?? err.message, reusedSocket: request.reusedSocket }),
      )
    })
    request.on('error', (err: NodeJS.ErrnoException) => {
      // Refused: the connection was never made, so nothing was sent.
      if (err.code === 'ECONNREFUSED') resolve({ kind: 'refused' })
      else resolve({ kind: 'cut', code: err.code ?? err.message, reusedSocket: request.reusedSocket })
    })
    request.end(body)
  })
}

const PASSWORD = 'long enough password'

/** The session cookie of a sign-up or sign-in answer, exchanged for a bearer token. */
async function tokenFor(url: string, res: Response): Promise<string> {
  expect(res.status).toBe(200)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ')
  const token = await fetch(`${url}/api/auth/token`, { headers: { cookie } })
  expect(token.status).toBe(200)
  return ((await token.json()) as { token: string }).token
}

const authPost = (url: string, path: string, body: object) =>
  fetch(`${url}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  })

const WRITERS = 12
const READERS = 6

/**
 * SIGTERM under load: the server stops taking connections, answers every request it accepted,
 * closes the database and exits 0; no request that reached it is cut off, and every write it
 * acknowledged is there after a restart on the same database.
 *
 * The clients share as many keep-alive connections as there are clients, so none is opened until the
 * server closes one: the kernel resets a connection still waiting in the listen backlog when the
 * listener closes, which no server can prevent, and that is not what this test is about.
 */
for (const engine of BUILT_ENGINES) {
  test(`SIGTERM drains in-flight requests on ${engine.name}`, async () => {
    test.setTimeout(90_000)
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-drain-'))
    const { env, drop: cleanup } = await engine.start()
    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS + READERS })
    try {
      const server = await startBuiltServer(dataDir, env)
      const email = `drain-${randomBytes(6).toString('hex')}@example.com`
      const token = await tokenFor(
        server.url,
        await authPost(server.url, '/sign-up/email', { name: 'Drain Test', email, password: PASSWORD }),
      )
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const oils = (await (await fetch(`${server.url}/api/essential-oils`)).json()) as EssentialOil[]
      const oil = (name: string) => oils.find((o) => o.name === name)!.id

      const outcomes: Outcome[] = []
      let stop = false
      let n = 0
      // Each client sends one request after another until it is refused (the listener is closed).
      const until = async (next: () => Promise<Outcome>) => {
        while (!stop) {
          const outcome = await next()
          outcomes.push(outcome)
          if (outcome.kind === 'refused') return
        }
      }
      const write = () => {
        const body = {
          name: `Drain ${n++}`,
          topNote: oil('Bergamot'),
          middleNote: oil('Lavender'),
          baseNote: oil('Atlas Cedarwood'),
          topPercentage: 30,
          middlePercentage: 50,
          basePercentage: 20,
        }
        return send(agent, `${server.url}/api/blends`, 'POST', headers, JSON.stringify(body))
      }
      // Cheap reads between the writes: their connections are idle more of the time.
      const read = () => send(agent, `${server.url}/api/health`, 'GET', {})
      const acknowledged = () =>
        outcomes.flatMap((o) => (o.kind === 'answered' && o.status === 201 ? [(JSON.parse(o.body) as { id: number }).id] : []))

      const clients = [...Array.from({ length: WRITERS }, () => until(write)), ...Array.from({ length: READERS }, () => until(read))]
      await expect.poll(() => acknowledged().length, { timeout: 30_000 }).toBeGreaterThan(40)
      const exitCode = await stopServer(server, 'SIGTERM')
      stop = true
      await Promise.all(clients)

      // A connection opened after the server said "close" can sit in the kernel's backlog when the
      // listener goes, and the kernel resets it (see above): its request never reached the server.
      // What must never happen is a cut on a connection the server was already serving.
      expect(
        outcomes.filter((o) => o.kind === 'cut' && (o.reusedSocket || o.code !== 'ECONNRESET')),
        'requests cut off after they were sent on a connection the server had accepted',
      ).toEqual([])
      expect(exitCode).toBe(0)
      const odd = outcomes.filter((o) => o.kind === 'answered' && ![200, 201, 503].includes(o.status))
      expect(odd, 'unexpected answers').toEqual([])
      expect(fs.readFileSync(server.logFile, 'utf8')).not.toMatch(/"level":(50|60)/)

      const again = await startBuiltServer(dataDir, env)
      try {
        // Tokens name the server's address as issuer: sign in again on the new one.
        const tokenAgain = await tokenFor(again.url, await authPost(again.url, '/sign-in/email', { email, password: PASSWORD }))
        // Every page of the list (GET /api/blends answers a page at a time).
        const stored = new Set<number>()
        for (let cursor: string | null = ''; cursor !== null;) {
          const res = await fetch(`${again.url}/api/blends?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
            headers: { authorization: `Bearer ${tokenAgain}` },
          })
          expect(res.status).toBe(200)
          const page = (await res.json()) as { items: { id: number }[]; nextCursor: string | null }
          for (const b of page.items) stored.add(b.id)
          cursor = page.nextCursor
        }
        expect(
          acknowledged().filter((id) => !stored.has(id)),
          'acknowledged but lost',
        ).toEqual([])
      } finally {
        expect(await stopServer(again)).toBe(0)
      }
    } finally {
      agent.destroy()
      await cleanup()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
}
