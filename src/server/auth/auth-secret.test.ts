import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveAuthSecret } from '#server/auth/auth-secret.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/env.ts'
import { bearer, createTestDb, createUser } from '#tests/support/test-db.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-secret-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set, and writes nothing', () => {
    const dir = tempDir()
    expect(resolveAuthSecret('s'.repeat(40), dir)).toBe('s'.repeat(40))
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('generates a secret on first run, readable by the server user only, and keeps it', () => {
    const dir = path.join(tempDir(), 'nested', 'data')
    const first = resolveAuthSecret(null, dir)
    expect(first.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dir, 'auth-secret')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(resolveAuthSecret(null, dir)).toBe(first)
    expect(fs.readdirSync(dir)).toEqual(['auth-secret'])
  })

  it('refuses a secret file that is too short to be safe', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'auth-secret'), 'short\n')
    expect(() => resolveAuthSecret(null, dir)).toThrow(/fewer than 32 characters/)
  })
})

describe('without AUTH_SECRET', () => {
  it('keeps sessions and tokens valid across a restart', async () => {
    const dataDir = tempDir()
    const testDb = await createTestDb('sqlite')
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: testDb.url, DATA_DIR: dataDir })
    try {
      const first = await buildApp(config, { db: testDb.db })
      const user = await createUser({ app: first, config })
      await first.close()
      expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(true)

      const second = await buildApp(config, { db: testDb.db })
      try {
        const session = await second.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } })
        expect(session.json()?.user?.email).toBe(user.email)
        // The signing key is stored encrypted with the secret: a new token needs the same secret.
        const token = await second.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: user.cookie } })
        expect(token.statusCode).toBe(200)
        expect((await second.inject({ method: 'GET', url: '/api/blends', headers: bearer(token.json().token) })).statusCode).toBe(200)
        expect((await second.inject({ method: 'GET', url: '/api/blends', headers: bearer(user.token) })).statusCode).toBe(200)
      } finally {
        await second.close()
      }
    } finally {
      await testDb.cleanup()
    }
  })
})

describe('a server started with another AUTH_SECRET than its signing keys were made with', () => {
  it('says so at start (checkSecret rejects, and main.ts stops), instead of answering 500 to every token request', async () => {
    const testDb = await createTestDb('sqlite')
    const config = (secret: string) =>
      loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: testDb.url, DATA_DIR: tempDir(), AUTH_SECRET: secret })
    try {
      const first = await buildApp(config('a'.repeat(40)), { db: testDb.db })
      // No keys yet: any secret may start, and makes the first one.
      await first.identity.checkSecret()
      await createUser({ app: first, config: first.config })
      await first.identity.checkSecret()
      await first.close()

      const same = await buildApp(config('a'.repeat(40)), { db: testDb.db })
      await expect(same.identity.checkSecret()).resolves.toBeUndefined()
      await same.close()

      const other = await buildApp(config('b'.repeat(40)), { db: testDb.db })
      try {
        await expect(other.identity.checkSecret()).rejects.toThrow(/AUTH_SECRET cannot read the identity service's signing keys/)
      } finally {
        await other.close()
      }
    } finally {
      await testDb.cleanup()
    }
  })
})
