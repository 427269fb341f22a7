import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { isPostgresUrl } from '#server/db/db.ts'
import { MIGRATION_NAMES } from '#server/db/migrate.ts'
import type { Config } from '#server/env.ts'

/** A backup that was not made, with the reason and what to do instead; nothing was written. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError'
}

export type BackupOptions = {
  /** Replace an existing file at the target. */
  force?: boolean
}

export type BackupReport = {
  source: string
  target: string
  bytes: number
  /** The last migration applied to the copy, and how many are applied. */
  migration: { latest: string | null; applied: number; known: number }
  authSecret: AuthSecretLocation
}

/** Where the server's auth secret comes from: it is not in the database, so a backup never holds it. */
export type AuthSecretLocation = { kind: 'environment' } | { kind: 'file'; path: string; exists: boolean }

const MIGRATION_TABLE = 'kysely_migration'
/** Pages per step of SQLite's backup: all of them, so the copy is one read transaction's snapshot. */
const ALL_PAGES = 0x7fffffff

export function authSecretLocation(config: Pick<Config, 'authSecret' | 'dataDir'>): AuthSecretLocation {
  if (config.authSecret) return { kind: 'environment' }
  const file = path.join(config.dataDir, 'auth-secret')
  return { kind: 'file', path: file, exists: fs.existsSync(file) }
}

/** The SQLite file a DATABASE_URL names, as db.ts reads it. */
export function sqliteFileOf(url: string): string {
  return url.replace(/^(sqlite|file):/i, '')
}

/**
 * The pg_dump command for a PostgreSQL DATABASE_URL. pg_dump does not know our `schema` parameter,
 * so a URL with one becomes --schema and the password is left out rather than printed.
 */
export function pgDumpCommand(url: string, target: string): string {
  const file = target.replace(/\.(db|sqlite3?)$/i, '') + (/\.dump$/i.test(target) ? '' : '.dump')
  const parsed = new URL(url)
  const schema = parsed.searchParams.get('schema')
  if (!schema) return `pg_dump --format=custom --file=${shellQuote(file)} "$DATABASE_URL"`
  parsed.searchParams.delete('schema')
  if (parsed.password) parsed.password = 'PASSWORD'
  return `pg_dump --format=custom --schema=${shellQuote(schema)} --file=${shellQuote(file)} ${shellQuote(parsed.toString())}`
}

const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)

/**
 * Copies the live SQLite database to target with SQLite's online backup API: a consistent snapshot
 * taken while the server keeps writing (WAL lets the copy read while others write). The copy is
 * made under a temporary name beside the target, checked (integrity_check, migrations table),
 * made a single self-contained file, readable by its owner only, and renamed into place; on any
 * failure the target is left as it was.
 */
export async function backupDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'authSecret'>,
  target: string,
  { force = false }: BackupOptions = {},
): Promise<BackupReport> {
  if (isPostgresUrl(config.databaseUrl)) {
    throw new BackupRefusedError(
      [
        'DATABASE_URL is PostgreSQL: this command copies SQLite databases only. Back PostgreSQL up with its own tool:',
        '',
        `  ${pgDumpCommand(config.databaseUrl, target)}`,
        '',
        'and restore with pg_restore --clean --if-exists --no-owner -d <url> <file> (see README, "Backups and restore").',
      ].join('\n'),
    )
  }
  const source = sqliteFileOf(config.databaseUrl)
  if (source === ':memory:') throw new BackupRefusedError('DATABASE_URL is :memory:, which has nothing on disk to back up.')
  if (!fs.existsSync(source)) {
    throw new BackupRefusedError(
      `There is no database at ${source} (DATABASE_URL). Run the command where the server runs, with its DATABASE_URL and DATA_DIR.`,
    )
  }
  const targetPath = path.resolve(target)
  const sourcePath = path.resolve(source)
  if ([sourcePath, `${sourcePath}-wal`, `${sourcePath}-shm`].includes(targetPath) || sameFile(sourcePath, targetPath)) {
    throw new BackupRefusedError(`${target} is the live database itself: choose another file for the backup.`)
  }
  if (fs.statSync(targetPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BackupRefusedError(`${target} is a folder: name the backup file, for example ${path.join(target, 'accord.db')}.`)
  }
  if (!force && fs.existsSync(targetPath)) {
    throw new BackupRefusedError(`${target} already exists: choose another name, or add --force to replace it.`)
  }

  fs.mkdirSync(path.dirname(targetPath), { recursive: true })
  const temp = `${targetPath}.${process.pid}.tmp`
  try {
    // Created empty first, so the copy (password hashes, sessions) is never readable by others, even briefly.
    fs.writeFileSync(temp, '', { mode: 0o600 })
    await copySnapshot(sourcePath, temp)
    const migration = checkCopy(temp, source)
    fsyncPath(temp)
    if (force) {
      fs.renameSync(temp, targetPath)
    } else {
      // link() fails if the target appeared meanwhile, where rename() would replace it.
      try {
        fs.linkSync(temp, targetPath)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
        throw new BackupRefusedError(`${target} already exists: choose another name, or add --force to replace it.`)
      }
    }
    fsyncPath(path.dirname(targetPath))
    return { source, target, bytes: fs.statSync(targetPath).size, migration, authSecret: authSecretLocation(config) }
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${temp}${suffix}`, { force: true })
  }
}

async function copySnapshot(source: string, temp: string): Promise<void> {
  let db: SQLite.Database | undefined
  try {
    // Read-write, as the server opens it: a read-only connection cannot recover a WAL left by a crash.
    db = new SQLite(source, { fileMustExist: true, timeout: 5_000 })
    // Copied in steps, any write by the server between two steps would restart the copy, for ever
    // under steady load: one step copies every page inside one read transaction instead.
    await db.backup(temp, { progress: () => ALL_PAGES })
  } catch (err) {
    throw new BackupRefusedError(`Could not copy ${source}: ${(err as Error).message}`, { cause: err })
  } finally {
    db?.close()
  }
}

/** Checks the copy and turns it into one file (no -wal beside it); returns its migration level. */
function checkCopy(temp: string, source: string): BackupReport['migration'] {
  try {
    return readCopy(temp, source)
  } catch (err) {
    if (err instanceof BackupRefusedError) throw err
    throw new BackupRefusedError(`The copy of ${source} could not be checked: ${(err as Error).message}`, { cause: err })
  }
}

function readCopy(temp: string, source: string): BackupReport['migration'] {
  const copy = new SQLite(temp, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
    const integrity = copy.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') throw new BackupRefusedError(`The copy of ${source} failed integrity_check: ${String(integrity)}`)
    const hasTable = copy.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).pluck().get(MIGRATION_TABLE)
    if (!hasTable) {
      throw new BackupRefusedError(
        `${source} has no ${MIGRATION_TABLE} table: it is not an Accord database, or the server has never started on it.`,
      )
    }
    const names = copy.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[]
    return { latest: names.at(-1) ?? null, applied: names.length, known: MIGRATION_NAMES.length }
  } finally {
    copy.close()
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const [sa, sb] = [fs.statSync(a), fs.statSync(b)]
    return sa.ino === sb.ino && sa.dev === sb.dev
  } catch {
    return false
  }
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** What the command prints after a backup: what was copied, and what was not. */
export function describeBackup(report: BackupReport): string {
  const { migration, authSecret } = report
  const level = migration.latest
    ? `migration ${migration.latest} (${migration.applied} applied; this version of Accord has ${migration.known})`
    : 'no migration applied yet'
  const secret =
    authSecret.kind === 'environment'
      ? "AUTH_SECRET is set in the environment: keep it with the server's configuration, apart from these backups."
      : authSecret.exists
        ? `${authSecret.path} (the auth secret). It never changes: keep one copy apart from these backups.`
        : `${authSecret.path} (the auth secret) does not exist yet; the server generates it at its first start. Back it up once it does.`
  return [
    `Backed up ${report.source} to ${report.target}`,
    `  size: ${report.bytes.toLocaleString('en')} bytes, integrity_check ok`,
    `  schema: ${level}`,
    `Not copied: ${secret}`,
    '  Restoring without it signs everyone out and voids the token signing keys.',
  ].join('\n')
}
