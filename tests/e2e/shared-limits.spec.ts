import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { createPgSchema, type PgSchema } from '../support/pg-schema.ts'
import { startBuiltServer, stopServer, type ServerProcess } from '../support/server-process.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * Two server processes on one PostgreSQL database, sharing their abuse limits through Redis:
 * attempts alternated between them count once, so the per-e-mail limit holds in total.
 */
test.describe('abuse limits shared by every process', () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL: set TEST_DATABASE_URL (CI does)')

  let schema: PgSchema | undefined
  let dataDir = ''
  const servers: ServerProcess[] = []

  test.beforeAll(async () => {
    schema = await createPgSchema(process.env.TEST_DATABASE_URL!, 'e2e_limits')
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-limits-'))
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL,
      AUTH_RATE_LIMIT_PER_EMAIL: '5',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    }
    // One after the other: the first migrates the new schema.
    servers.push(await startBuiltServer(dataDir, env))
    servers.push(await startBuiltServer(dataDir, env))
  })

  test.afterAll(async () => {
    for (const server of servers) await stopServer(server)
    await schema?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (server: ServerProcess, endpoint: string, body: object) =>
    fetch(`${server.url}/api/auth${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    })

  test('the per-e-mail sign-in limit of 5 holds across two processes', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`
    const password = 'correct horse battery'
    // Both processes answer for the same account (one database, one secret).
    expect((await post(servers[0]!, '/sign-up/email', { name: 'Shared', email, password })).status).toBe(200)
    expect((await post(servers[1]!, '/sign-in/email', { email, password })).status).toBe(200)

    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push((await post(servers[i % 2]!, '/sign-in/email', { email, password: 'wrong-guess' })).status)
    }
    // One right attempt above used a slot: four wrong ones pass, then every process refuses.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429])
    const right = await post(servers[1]!, '/sign-in/email', { email, password })
    expect(right.status).toBe(429)
    expect(await right.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' },
    })
  })
})
