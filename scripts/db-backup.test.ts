import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createDb } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { blendBody, oilsByName } from '#tests/support/blend-fixtures.ts'
import { stopServer, waitForHealth, waitForReadyFile, type ServerProcess } from '#tests/support/server-process.ts'
import { createTestApp, createTestDb, createUser, injectAs } from '#tests/support/test-db.ts'

/** npm run db:backup (scripts/db-backup.ts), run as the README says, against servers started from source. */

type Run = { code: number; stdout: string; stderr: string }

/** Runs the backup command with only the given settings, as a cron job would; never rejects. */
function runBackup(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/db-backup.ts', ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    )
  })
}

/** Both servers answer as one deployment: tokens name it, so they outlive a restore only under the same address. */
const PUBLIC_URL = 'http://accord.test'

/**
 * The server from source (no build needed): development mode serves the API without the built
 * client. Port 0 on 127.0.0.1; it writes the address it got to a ready file.
 */
async function startSourceServer(dataDir: string): Promise<ServerProcess> {
  const logFile = path.join(dataDir, 'server.log')
  const readyFile = path.join(dataDir, 'ready.json')
  fs.rmSync(readyFile, { force: true })
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL,
      READY_FILE: readyFile,
      DATABASE_URL: path.join(dataDir, 'accord.db'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  try {
    await waitForReadyFile(readyFile, child, 30_000)
    // The ready file's url is PUBLIC_URL; the requests go to the port it listens on.
    const { port } = JSON.parse(fs.readFileSync(readyFile, 'utf8')) as { port: number }
    const url = `http://127.0.0.1:${port}`
    await waitForHealth(url, 30_000, child)
    return { url, child, logFile }
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${fs.readFileSync(logFile, 'utf8')}`, { cause: err })
  }
}

let dir: string
const servers: ServerProcess[] = []

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-db-backup-'))
})

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => stopServer(server, 'SIGKILL')))
  fs.rmSync(dir, { recursive: true, force: true })
})

// Each case starts the script with tsx: a few seconds on a busy machine.
describe('npm run db:backup refuses, exits non-zero and writes nothing', { timeout: 60_000 }, () => {
  it('without a file, with the usage', async () => {
    const run = await runBackup([], { DATABASE_URL: path.join(dir, 'accord.db') })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Usage: npm run db:backup -- <file> [--force]')
  })

  it('for a PostgreSQL DATABASE_URL, printing the pg_dump command instead', async () => {
    const run = await runBackup([path.join(dir, 'accord.db')], { DATABASE_URL: 'postgres://accord@127.0.0.1:1/accord' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`pg_dump --format=custom --file=${path.join(dir, 'accord.dump')} "$DATABASE_URL"`)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('when the database file does not exist', async () => {
    const run = await runBackup([path.join(dir, 'copy.db')], { DATABASE_URL: path.join(dir, 'missing.db') })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`There is no database at ${path.join(dir, 'missing.db')}`)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('when the target exists and --force is not given', async () => {
    const database = path.join(dir, 'accord.db')
    new SQLite(database).close()
    fs.writeFileSync(path.join(dir, 'copy.db'), 'yesterday')
    const run = await runBackup([path.join(dir, 'copy.db')], { DATABASE_URL: database })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('already exists: choose another name, or add --force to replace it.')
    expect(fs.readFileSync(path.join(dir, 'copy.db'), 'utf8')).toBe('yesterday')
  })
})

const PASSWORD = 'long enough password'
const WRITERS = 4
/** However the machine is loaded, the write loops end by then. */
const WRITE_DEADLINE_MS = 40_000

type Ack = { at: number; name: string; entryId: number | null }

describe('a live backup under write load', () => {
  it('holds every write acknowledged before it started, and restores into a working server', { timeout: 120_000 }, async () => {
    const live = path.join(dir, 'live')
    const restored = path.join(dir, 'restored')
    fs.mkdirSync(live)
    const server = await startSourceServer(live)
    servers.push(server)

    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ name: 'Backup Maker', email: 'backup-maker@example.com', password: PASSWORD }),
    })
    expect(signUp.status).toBe(200)
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0])
      .join('; ')
    const { token } = (await (await fetch(`${server.url}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }
    const oils = (await (await fetch(`${server.url}/api/essential-oils`)).json()) as { id: number; name: string }[]
    const oil = (name: string) => oils.find((o) => o.name === name)!.id
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
    const post = (url: string, body: object) => fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })

    // A read transaction held open from before the first write: no checkpoint can pass it, so every
    // write stays in the -wal file and a copy of the main file alone would miss them all.
    const reader = new SQLite(path.join(live, 'accord.db'), { readonly: true })
    reader.exec('begin')
    reader.prepare('select count(*) from blend_projects').get()

    // Each blend and its test entry, with the moment its answer arrived.
    const acks: Ack[] = []
    let stop = false
    let n = 0
    const deadline = performance.now() + WRITE_DEADLINE_MS
    const writer = async () => {
      while (!stop && performance.now() < deadline) {
        const name = `Backup Blend ${n++}`
        const res = await post('/api/blends', {
          name,
          topNote: oil('Bergamot'),
          middleNote: oil('Lavender'),
          baseNote: oil('Atlas Cedarwood'),
          topPercentage: 30,
          middlePercentage: 50,
          basePercentage: 20,
        })
        expect(res.status, await res.clone().text()).toBe(201)
        const ack: Ack = { at: performance.now(), name, entryId: null }
        acks.push(ack)
        const { version } = (await res.json()) as { version: { id: number } }
        const entry = await post('/api/journal-entries', { versionId: version.id, rating: 4, notes: `Test of ${name}` })
        expect(entry.status).toBe(201)
        acks.push({ at: performance.now(), name, entryId: ((await entry.json()) as { id: number }).id })
      }
    }
    const writers = Array.from({ length: WRITERS }, writer)
    const writing = Promise.all(writers)
    while (acks.length < 40 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20))

    const backupFile = path.join(dir, 'backups', 'accord-copy.db')
    const started = performance.now()
    const run = await runBackup([backupFile], { DATABASE_URL: path.join(live, 'accord.db'), DATA_DIR: live })
    const finished = performance.now()
    // Writes went on while the copy was made.
    const during = acks.filter((a) => a.at > started && a.at < finished).length
    stop = true
    await writing
    reader.close()
    await stopServer(servers.pop()!)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`Backed up ${path.join(live, 'accord.db')} to ${backupFile}`)
    expect(run.stdout).toMatch(/integrity_check ok/)
    expect(run.stdout).toContain(`Not copied: ${path.join(live, 'auth-secret')} (the auth secret)`)
    expect(during, 'writes acknowledged while the backup ran').toBeGreaterThan(0)
    console.info(`backup took ${Math.round(finished - started)} ms; ${acks.length} writes, ${during} acknowledged during the backup`)

    // Restore as the README says: the copy as accord.db in a new DATA_DIR, with the same auth secret.
    fs.mkdirSync(restored)
    fs.copyFileSync(backupFile, path.join(restored, 'accord.db'))
    fs.copyFileSync(path.join(live, 'auth-secret'), path.join(restored, 'auth-secret'))
    const again = await startSourceServer(restored)
    servers.push(again)
    // The maker's token from before the backup still works: same secret, same signing keys, same session.
    const summary = await fetch(`${again.url}/api/me/summary`, { headers: { authorization: `Bearer ${token}` } })
    expect(summary.status).toBe(200)
    const signIn = await fetch(`${again.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: 'backup-maker@example.com', password: PASSWORD }),
    })
    expect(signIn.status).toBe(200)
    await stopServer(servers.pop()!)

    const db = new SQLite(path.join(restored, 'accord.db'), { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(db.pragma('foreign_key_check')).toEqual([])
      const blends = new Set(db.prepare('select name from blend_projects').pluck().all() as string[])
      const entries = new Set(db.prepare('select id from journal_entries').pluck().all() as number[])
      const before = acks.filter((a) => a.at < started)
      expect(before.length).toBeGreaterThanOrEqual(40)
      expect(
        before.filter((a) => a.entryId === null && !blends.has(a.name)),
        'blends acknowledged before the backup, missing',
      ).toEqual([])
      expect(
        before.filter((a) => a.entryId !== null && !entries.has(a.entryId)),
        'entries acknowledged before the backup, missing',
      ).toEqual([])
    } finally {
      db.close()
    }
  })
})

describe('a restore without the auth secret', () => {
  it('serves again once the signing keys are deleted, as the README says; earlier sessions are void', { timeout: 90_000 }, async () => {
    const server = await startSourceServer(dir)
    servers.push(server)
    const signIn = (url: string, path: string, body: object) =>
      fetch(`${url}/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        body: JSON.stringify(body),
      })
    const cookieOf = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((c) => c.split(';', 1)[0])
        .join('; ')
    const signUp = await signIn(server.url, 'sign-up/email', { name: 'Lost Secret', email: 'lost-secret@example.com', password: PASSWORD })
    expect(signUp.status).toBe(200)
    await stopServer(servers.pop()!)

    // A new secret, and the README's recovery: the keys sealed with the old one deleted.
    fs.writeFileSync(path.join(dir, 'auth-secret'), `${'n'.repeat(43)}\n`)
    const db = new SQLite(path.join(dir, 'accord.db'))
    db.exec('delete from jwks')
    db.close()
    const again = await startSourceServer(dir)
    servers.push(again)
    const old = await fetch(`${again.url}/api/auth/get-session`, { headers: { cookie: cookieOf(signUp) } })
    expect(await old.json(), 'a session from before the new secret').toBeNull()
    const fresh = await signIn(again.url, 'sign-in/email', { email: 'lost-secret@example.com', password: PASSWORD })
    expect(fresh.status).toBe(200)
    const token = await fetch(`${again.url}/api/auth/token`, { headers: { cookie: cookieOf(fresh) } })
    expect(token.status).toBe(200)
    const { token: bearer } = (await token.json()) as { token: string }
    expect((await fetch(`${again.url}/api/me/summary`, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(200)
  })
})

/** Runs a PostgreSQL client tool; fails the test (never skips it) when the tool is missing or fails. */
function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: 60_000 }, (err, _stdout, stderr) => {
      if (!err) return resolve()
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT'
      reject(
        new Error(
          missing
            ? `${tool} is not installed: with TEST_DATABASE_URL set, the tests need PostgreSQL's client tools (Debian: apt-get install -y postgresql-client)`
            : `${tool} failed: ${err.message}\n${stderr}`,
        ),
      )
    })
  })
}

// The README's PostgreSQL commands, run for real wherever the PostgreSQL tests run.
const base = process.env.TEST_DATABASE_URL
if (base) {
  describe('PostgreSQL backup and restore with pg_dump and pg_restore', () => {
    it('restores a damaged schema to the dumped rows', { timeout: 90_000 }, async () => {
      const testDb = await createTestDb('postgres')
      const t = await createTestApp('postgres', {}, {}, testDb)
      try {
        const schema = testDb.db.schema!
        const maker = await createUser(t)
        const oils = await oilsByName(t)
        for (const name of ['Evening Calm', 'Morning Bright', 'Forest Walk']) {
          expect((await injectAs(t, maker, 'POST', '/api/blends', blendBody(oils, { name }))).statusCode).toBe(201)
        }
        const names = () => t.db.kysely.selectFrom('blend_projects').select('name').orderBy('name').execute()
        const dumped = await names()
        const dump = path.join(dir, 'accord.dump')
        await runTool('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, base])

        // The accident: rows deleted, a table dropped, a stray row added.
        await sql`delete from journal_entries`.execute(t.db.kysely)
        await sql`delete from blend_versions`.execute(t.db.kysely)
        await sql`delete from blend_projects`.execute(t.db.kysely)
        await sql`drop table idempotency_keys`.execute(t.db.kysely)
        await t.db.kysely.insertInto('redemption_codes').values({ code: 'STRAY', created_at: new Date().toISOString() }).execute()

        await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', base, dump])
        // A fresh connection, as a server started after the restore would open.
        const restored = createDb(testDb.url)
        try {
          expect(await restored.kysely.selectFrom('blend_projects').select('name').orderBy('name').execute()).toEqual(dumped)
          expect(await restored.kysely.selectFrom('redemption_codes').select('code').execute()).toEqual([])
          expect(await restored.kysely.selectFrom('user').select('email').execute()).toEqual([{ email: maker.email }])
          expect(await migrateToLatest(restored), 'migrations pending after the restore').toEqual([])
        } finally {
          await restored.destroy()
        }
      } finally {
        await t.close()
      }
    })
  })
}
