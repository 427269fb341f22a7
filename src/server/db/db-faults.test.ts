import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { createDb, isDatabaseUnavailable, type Db, type PgTimeouts } from '#server/db/db.ts'
import { loadConfig, type Config } from '#server/env.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody } from '#tests/support/blend-fixtures.ts'
import { startBlackHole, startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'
import { bearer, createTestDb, createUser, type TestDb, type TestUser } from '#tests/support/test-db.ts'

const base = process.env.TEST_DATABASE_URL

const UNAVAILABLE = {
  error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is temporarily unavailable. Please try again in a moment.' },
}
const HEALTH_DOWN = { error: { code: 'UNAVAILABLE', message: 'The database is not reachable' } }

/** The app on db, as createTestApp builds it, with its own DATA_DIR. */
async function appOn(db: Db): Promise<{ app: FastifyInstance; config: Config; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-faults-'))
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATABASE_URL: 'unused: the app is given its database',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_EMAIL: '10000',
  })
  const app = await buildApp(config, { db })
  return {
    app,
    config,
    close: async () => {
      await app.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Resolves with how long fn took, in ms, and what it returned. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await fn()
  return { ms: performance.now() - start, value }
}

describe('isDatabaseUnavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code })

  it('recognizes lost connections, refusals and timeouts', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '08006',
      '08001',
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '57014',
    ]) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true)
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'Query read timeout',
      'timeout expired',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true)
    }
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('ECONNREFUSED') }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true)
  })

  it('leaves every other error to the generic 500', () => {
    for (const err of [
      new Error('boom'),
      coded('23505', 'duplicate key'),
      coded('42P01', 'no such table'),
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      'ECONNREFUSED',
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false)
    }
  })

  it('recognizes SQLite still locked once the busy timeout ran out', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-busy-'))
    const holder = new SQLite(path.join(dir, 'busy.db'))
    const waiter = new SQLite(path.join(dir, 'busy.db'), { timeout: 0 })
    try {
      holder.exec('create table t (x); begin immediate; insert into t values (1)')
      let busy: unknown
      try {
        waiter.exec('insert into t values (2)')
      } catch (err) {
        busy = err
      }
      expect((busy as { code?: string }).code).toBe('SQLITE_BUSY')
      expect(isDatabaseUnavailable(busy)).toBe(true)
    } finally {
      waiter.close()
      holder.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

// A process-level failure (the pool's 'error' event unhandled) is an uncaught exception: vitest
// reports it and fails the run, on top of the requests below going unanswered.
describe.skipIf(!base)('database faults on PostgreSQL (TEST_DATABASE_URL is not set: skipped)', () => {
  let testDb: TestDb
  let proxy: TcpProxy
  let db: Db
  let t: Awaited<ReturnType<typeof appOn>>
  let user: TestUser
  let oils: Record<string, EssentialOil>
  const connectionErrors: Error[] = []
  const onReport = new Set<() => void>()
  /** Resolves when the pool has reported more than `count` lost connections: on the report itself. */
  const lostBeyond = (count: number, timeoutMs = 2_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        onReport.delete(check)
        reject(new Error(`no lost connection reported within ${timeoutMs} ms`))
      }, timeoutMs)
      const check = () => {
        if (connectionErrors.length <= count) return
        clearTimeout(timer)
        onReport.delete(check)
        resolve()
      }
      onReport.add(check)
      check()
    })
  // Short, so a hung database shows within the test's time; the defaults are in PG_TIMEOUTS.
  const timeouts: PgTimeouts = { connectMs: 1_000, statementMs: 1_500, queryMs: 2_000 }

  beforeAll(async () => {
    testDb = await createTestDb('postgres')
    const direct = new URL(testDb.url)
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const proxied = new URL(testDb.url)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(proxy.port)
    const onConnectionError = (err: Error) => {
      connectionErrors.push(err)
      for (const check of [...onReport]) check()
    }
    db = createDb(proxied.toString(), { onConnectionError, timeouts })
    t = await appOn(db)
    user = await createUser(t)
    const res = await t.app.inject({ method: 'GET', url: '/api/essential-oils' })
    oils = Object.fromEntries((res.json() as EssentialOil[]).map((o) => [o.name, o]))
  })
  afterEach(async () => {
    proxy.thaw()
    await proxy.restore().catch(() => {})
  })
  afterAll(async () => {
    await t?.close()
    await db?.destroy()
    await proxy?.close()
    await testDb?.cleanup()
  })

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) })
  let names = 0
  const createBlend = () => call('POST', '/api/blends', blendBody(oils, { name: `Fault ${++names}` }))

  it('keeps serving when the connections drop, answers 503 while the database is away, and recovers', async () => {
    // Several connections in the pool, idle when the database goes away.
    const created = await Promise.all(Array.from({ length: 4 }, createBlend))
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201])
    const before = connectionErrors.length

    await proxy.kill()
    // The pool saw its idle connections die and reported them instead of ending the process.
    await lostBeyond(before)
    expect(connectionErrors.slice(before).every((err) => isDatabaseUnavailable(err))).toBe(true)

    const health = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }))
    expect(health.value.statusCode).toBe(503)
    expect(health.value.json()).toEqual(HEALTH_DOWN)
    expect(health.ms).toBeLessThan(1_000)
    const list = await timed(() => call('GET', '/api/blends'))
    expect(list.value.statusCode).toBe(503)
    expect(list.value.json()).toEqual(UNAVAILABLE)
    expect(list.ms).toBeLessThan(1_000)
    const write = await createBlend()
    expect(write.statusCode).toBe(503)
    expect(write.json()).toEqual(UNAVAILABLE)
    // The identity service too: a sign-in says the database is away, not that something broke.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl },
      payload: { email: user.email, password: user.password },
    })
    expect(signIn.statusCode, signIn.body).toBe(503)
    expect(signIn.json()).toEqual(UNAVAILABLE)

    // Back on the same address: no restart needed.
    await proxy.restore()
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    const again = await call('GET', '/api/blends')
    expect(again.statusCode).toBe(200)
    const ids = (again.json() as { items: { id: number }[] }).items.map((b) => b.id)
    for (const res of created) expect(ids).toContain((res.json() as { id: number }).id)
    expect((await createBlend()).statusCode).toBe(201)
  })

  it('answers 503 to the requests in flight when their connections drop', async () => {
    expect((await createBlend()).statusCode).toBe(201)
    // Hold the requests at the database, then cut every connection under them.
    proxy.freeze()
    const inFlight = Array.from({ length: 6 }, createBlend)
    // Each request waits at the proxy: its message on an open connection, or its new connection.
    await proxy.whenHeld(6)
    await proxy.kill()
    const answers = await Promise.all(inFlight)
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(503))
    expect(answers.map((r) => r.json())).toEqual(Array(6).fill(UNAVAILABLE))
    await proxy.restore()
    proxy.thaw()
    expect((await createBlend()).statusCode).toBe(201)
  })

  it('survives a connection dropped between two queries of a transaction', async () => {
    const before = connectionErrors.length
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx)
      // The client is checked out of the pool and idle: only its own error listener hears this.
      await proxy.kill()
      await lostBeyond(before)
      await sql`select 1`.execute(trx)
    })
    const err = await transaction.then(
      () => null,
      (e: unknown) => e,
    )
    expect(isDatabaseUnavailable(err)).toBe(true)
    await proxy.restore()
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('answers 503 within the timeouts when the database stops answering, and recovers', async () => {
    expect((await createBlend()).statusCode).toBe(201)
    // A partition: connections stay open, nothing comes back, new ones are never answered.
    proxy.freeze()
    const [health, list] = await Promise.all([
      timed(() => t.app.inject({ method: 'GET', url: '/api/health' })),
      timed(() => call('GET', '/api/blends')),
    ])
    expect(health.value.statusCode).toBe(503)
    expect(health.value.json()).toEqual(HEALTH_DOWN)
    expect(health.ms).toBeLessThan(3_000)
    expect(list.value.statusCode).toBe(503)
    expect(list.value.json()).toEqual(UNAVAILABLE)
    expect(list.ms).toBeLessThan(timeouts.queryMs + 1_000)

    proxy.thaw()
    // Connections whose queries timed out deliver their late answers and serve again.
    await expect.poll(async () => (await call('GET', '/api/blends')).statusCode, { timeout: 5_000, interval: 0 }).toBe(200)
    expect((await createBlend()).statusCode).toBe(201)
  })
})

describe.skipIf(!base)('a PostgreSQL server that accepts connections and never answers (TEST_DATABASE_URL is not set: skipped)', () => {
  it('answers 503 within seconds with the default timeouts, never hangs', async () => {
    const hole = await startBlackHole()
    const db = createDb(`postgres://postgres@127.0.0.1:${hole.port}/test`)
    const t = await appOn(db)
    try {
      const health = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }))
      expect(health.value.statusCode).toBe(503)
      expect(health.value.json()).toEqual(HEALTH_DOWN)
      expect(health.ms).toBeLessThan(3_000)
      // The oil catalog loads from the database on first use.
      const oils = await timed(() => t.app.inject({ method: 'GET', url: '/api/essential-oils' }))
      expect(oils.value.statusCode).toBe(503)
      expect(oils.value.json()).toEqual(UNAVAILABLE)
      expect(oils.ms).toBeLessThan(7_000)
    } finally {
      await t.close()
      await db.destroy()
      await hole.close()
    }
  })
})
