import { execSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BackupRefusedError, backupDatabase, describeBackup, pgDumpCommand } from '#server/db/backup.ts'
import { sql } from 'kysely'
import { createDb, type Db } from '#server/db/db.ts'
import { MIGRATION_NAMES } from '#server/db/migrate.ts'
import { oilsByName } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createTestDb, createUser, ENGINES, injectAs, type TestDb } from '#tests/support/test-db.ts'

let source: TestDb
let dir: string

beforeEach(async () => {
  source = await createTestDb('sqlite')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-backup-'))
  // A row of our own, written through the open connection, so it may still sit in the -wal file.
  await source.db.kysely.insertInto('redemption_codes').values({ code: 'BACKUP-ME', created_at: new Date().toISOString() }).execute()
})

afterEach(async () => {
  await source.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

const configFor = (databaseUrl: string) => ({ databaseUrl, dataDir: dir, authSecret: null })

describe('backupDatabase on SQLite', () => {
  it('copies the open database, including writes still in its WAL, into one checked file', async () => {
    expect(fs.statSync(`${source.url}-wal`).size, 'the row is in the WAL').toBeGreaterThan(0)
    const target = path.join(dir, 'nested', 'accord-copy.db')
    const report = await backupDatabase(configFor(source.url), target)

    expect(report.migration).toEqual({ latest: MIGRATION_NAMES.at(-1), applied: MIGRATION_NAMES.length, known: MIGRATION_NAMES.length })
    expect(report.bytes).toBe(fs.statSync(target).size)
    expect(fs.statSync(target).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(path.dirname(target))).toEqual(['accord-copy.db'])
    const copy = new SQLite(target, { readonly: true })
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(copy.prepare('select code from redemption_codes').pluck().all()).toContain('BACKUP-ME')
    } finally {
      copy.close()
    }
  })

  it('refuses an existing target without --force and leaves it untouched', async () => {
    const target = path.join(dir, 'existing.db')
    fs.writeFileSync(target, 'keep me')
    await expect(backupDatabase(configFor(source.url), target)).rejects.toThrow(/already exists: choose another name, or add --force/)
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me')
    expect(fs.readdirSync(dir)).toEqual(['existing.db'])
  })

  it('replaces an existing target with --force', async () => {
    const target = path.join(dir, 'existing.db')
    fs.writeFileSync(target, 'old backup')
    await backupDatabase(configFor(source.url), target, { force: true })
    const copy = new SQLite(target, { readonly: true })
    try {
      expect(copy.prepare('select count(*) from redemption_codes').pluck().get()).toBe(1)
    } finally {
      copy.close()
    }
  })

  it('refuses to write over the live database, even with --force', async () => {
    await expect(backupDatabase(configFor(source.url), source.url, { force: true })).rejects.toThrow(/is the live database itself/)
    await expect(backupDatabase(configFor(source.url), `${source.url}-wal`, { force: true })).rejects.toThrow(/is the live database itself/)
  })

  it('refuses a folder as the target, even with --force', async () => {
    await expect(backupDatabase(configFor(source.url), dir, { force: true })).rejects.toThrow(`${dir} is a folder: name the backup file`)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('refuses a file that is not a SQLite database, naming it', async () => {
    const notDb = path.join(dir, 'accord.db')
    fs.writeFileSync(notDb, 'this is not a database, only a text file long enough to have a header of its own')
    await expect(backupDatabase(configFor(notDb), path.join(dir, 'copy.db'))).rejects.toThrow(
      `Could not copy ${notDb}: file is not a database`,
    )
    expect(fs.readdirSync(dir)).toEqual(['accord.db'])
  })

  it('refuses a database file that does not exist, naming it, and writes nothing', async () => {
    const missing = path.join(dir, 'nowhere', 'accord.db')
    const target = path.join(dir, 'copy.db')
    await expect(backupDatabase(configFor(missing), target)).rejects.toThrow(`There is no database at ${missing} (DATABASE_URL)`)
    expect(fs.existsSync(missing)).toBe(false)
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('refuses a SQLite file that is not an Accord database and leaves no file behind', async () => {
    const other = path.join(dir, 'other.db')
    const db = new SQLite(other)
    db.exec('create table notes (body text)')
    db.close()
    const target = path.join(dir, 'copy.db')
    await expect(backupDatabase(configFor(other), target)).rejects.toThrow(/has no kysely_migration table/)
    expect(fs.readdirSync(dir)).toEqual(['other.db'])
  })
})

describe('backupDatabase on PostgreSQL', () => {
  it('refuses, printing the pg_dump command for DATABASE_URL', async () => {
    const refusal = backupDatabase(configFor('postgres://accord@db.internal:5432/accord'), 'backups/accord-2026-11-24.db')
    await expect(refusal).rejects.toBeInstanceOf(BackupRefusedError)
    await expect(refusal).rejects.toThrow('pg_dump --format=custom --file=backups/accord-2026-11-24.dump "$DATABASE_URL"')
  })

  it('turns a schema parameter into --schema and never prints the password', () => {
    const command = pgDumpCommand('postgres://accord:s3cret@db.internal:5432/accord?schema=tenant_a', 'nightly.dump')
    expect(command).toBe('pg_dump --format=custom --schema=tenant_a --file=nightly.dump postgres://accord:PASSWORD@db.internal:5432/accord')
    expect(command).not.toContain('s3cret')
  })
})

describe('describeBackup', () => {
  const report = {
    source: 'data/accord.db',
    target: 'backups/a.db',
    bytes: 1_234_567,
    migration: { latest: '0009-journal-paging', applied: 9, known: 9 },
  }

  it('says what was copied, and that the auth secret file was not', () => {
    const text = describeBackup({ ...report, authSecret: { kind: 'file', path: 'data/auth-secret', exists: true } })
    expect(text).toContain('Backed up data/accord.db to backups/a.db')
    expect(text).toContain('size: 1,234,567 bytes, integrity_check ok')
    expect(text).toContain('schema: migration 0009-journal-paging (9 applied; this version of Accord has 9)')
    expect(text).toContain('Not copied: data/auth-secret (the auth secret)')
  })

  it('points to AUTH_SECRET when the secret comes from the environment', () => {
    expect(describeBackup({ ...report, authSecret: { kind: 'environment' } })).toContain('AUTH_SECRET is set in the environment')
  })
})

/**
 * A lot's documents live in the database (decision 080), so the backup commands carry them: on
 * SQLite the command's copy, on PostgreSQL the pg_dump command it prints, restored with pg_restore.
 */
describe.each(ENGINES)('a document through backup and restore on %s', (engine) => {
  it('comes back byte for byte', { timeout: 60_000 }, async () => {
    const t = await createTestApp(engine)
    const restoredDbs: Db[] = []
    try {
      const user = await createUser(t)
      const oils = await oilsByName(t)
      const bottle = await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 10 })
      const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000), Buffer.from('\n%%EOF\n')])
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/shelf/bottles/${(bottle.json() as { id: number }).id}/documents?kind=certificate-of-analysis&name=coa.pdf`,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
        payload: bytes,
      })
      expect(uploaded.statusCode, uploaded.body).toBe(201)
      const id = (uploaded.json() as { id: number }).id
      const contentIn = async (db: Db) =>
        Buffer.from(
          (await db.kysely.selectFrom('bottle_documents').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content,
        )

      let restored: Db
      if (engine === 'sqlite') {
        const target = path.join(dir, 'with-documents.db')
        await backupDatabase(configFor(t.config.databaseUrl), target)
        restored = createDb(target)
      } else {
        // The command's own advice: pg_dump as it prints it, then pg_restore into an emptied schema.
        const schema = new URL(t.config.databaseUrl).searchParams.get('schema')!
        const file = path.join(dir, 'with-documents.dump')
        execSync(pgDumpCommand(t.config.databaseUrl, file), { env: { ...process.env, DATABASE_URL: t.config.databaseUrl } })
        const base = process.env.TEST_DATABASE_URL!
        const admin = createDb(base)
        restoredDbs.push(admin)
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.kysely)
        execSync(`pg_restore --no-owner -d ${JSON.stringify(base)} ${JSON.stringify(file)}`)
        restored = createDb(t.config.databaseUrl)
      }
      restoredDbs.push(restored)
      expect((await contentIn(restored)).equals(bytes)).toBe(true)
    } finally {
      for (const db of restoredDbs) await db.destroy()
      await t.close()
    }
  })
})
