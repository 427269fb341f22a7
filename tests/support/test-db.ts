import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { cookieHeader, injectTarget, signUpVia } from '#tests/support/api-target.ts'
import { createPgSchema } from '#tests/support/pg-schema.ts'
import { buildApp, type BuildOptions } from '#server/app.ts'
import { createDb, type Db, type Dialect } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { loadConfig, type Config } from '#server/env.ts'
import { inject } from 'vitest'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export const ENGINES: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export type TestDb = { url: string; db: Db; cleanup: () => Promise<void> }

/**
 * A fresh, migrated and seeded database that no other test file sees; with `empty`, one with no
 * table at all (the upgrade test migrates it step by step).
 */
export async function createTestDb(engine: Dialect, { empty = false }: { empty?: boolean } = {}): Promise<TestDb> {
  return engine === 'postgres' ? createPostgresDb(empty) : createSqliteDb(empty)
}

async function createSqliteDb(empty: boolean): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-test-'))
  const url = path.join(dir, 'test.db')
  const template = empty ? undefined : inject('sqliteTemplate')
  if (template && fs.existsSync(template)) {
    fs.copyFileSync(template, url)
  }
  const db = createDb(url)
  if (!template && !empty) {
    await migrateToLatest(db)
    await seedOils(db)
  }
  return {
    url,
    db,
    cleanup: async () => {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function createPostgresDb(empty: boolean): Promise<TestDb> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DATABASE_URL is not set')
  const schema = await createPgSchema(base, 'test')
  const db = createDb(schema.url)
  if (!empty) {
    await migrateToLatest(db)
    await seedOils(db)
  }
  return {
    url: schema.url,
    db,
    cleanup: async () => {
      await db.destroy()
      await schema.drop()
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { testDb: TestDb; config: Config }

/**
 * A test server's configuration for `databaseUrl`: a DATA_DIR of its own (generated auth secret,
 * mail outbox; the caller removes it) and limits high enough for tests that sign up many users.
 * `env` overrides any of it.
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-data-'))
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_EMAIL: '10000',
    REDEEM_RATE_LIMIT_PER_IP: '10000',
    IMPORT_RATE_LIMIT_PER_USER: '10000',
    EXPORT_RATE_LIMIT_PER_USER: '10000',
    ...env,
  })
  return { config, dataDir }
}

/**
 * The whole server on a fresh database of the given engine, for inject(). It gets its own DATA_DIR
 * (generated auth secret, mail outbox) and auth rate limits high enough for tests that sign up many
 * users; pass env to override either.
 */
export async function createTestApp(
  engine: Dialect,
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  /** An existing database to serve (closed with the app), instead of a fresh one. */
  existing?: TestDb,
  /** buildApp's other options (an MCP authenticator, a log stream). */
  build: Omit<BuildOptions, 'db'> = {},
) {
  const testDb = existing ?? (await createTestDb(engine))
  const { config, dataDir } = testConfig(testDb.url, env)
  Object.assign(config, overrides)
  const app = await buildApp(config, { ...build, db: testDb.db })
  return {
    app,
    db: testDb.db,
    config,
    close: async () => {
      await app.close()
      await testDb.cleanup()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestAppHandle = Awaited<ReturnType<typeof createTestApp>>

export type TestUser = {
  userId: string
  email: string
  password: string
  name: string
  /** The session cookie(s), ready for a `cookie` request header. */
  cookie: string
  /** A bearer ID token for the API. */
  token: string
}

let userCounter = 0

export { cookieHeader }

/** Headers for an authenticated API call. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** An API request as `who` (their bearer token), with an optional JSON body. */
export function injectAs(t: Pick<TestAppHandle, 'app'>, who: Pick<TestUser, 'token'>, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

/**
 * Signs up a user through the real endpoints and returns their session cookie and a bearer token;
 * every field defaults to something unique.
 */
export async function createUser(
  t: Pick<TestAppHandle, 'app' | 'config'>,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser> {
  userCounter += 1
  const email = input.email ?? `user${userCounter}-${randomBytes(4).toString('hex')}@example.com`
  const password = input.password ?? 'correct horse battery'
  const name = input.name ?? `Test User ${userCounter}`
  return signUpVia(injectTarget(t.app, t.config.publicUrl), { email, password, name })
}

/** The same user signed in on another device: their own session, cookie and bearer token. */
export async function secondDevice(t: Pick<TestAppHandle, 'app' | 'config'>, user: TestUser): Promise<TestUser> {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.config.publicUrl },
    payload: { email: user.email, password: user.password },
  })
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`)
  const cookie = cookieHeader(signIn.headers['set-cookie'])
  const tokenRes = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })
  return { ...user, cookie, token: (tokenRes.json() as { token: string }).token }
}
