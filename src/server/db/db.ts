import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely'
import pg from 'pg'
import type { Database } from '#server/db/schema.ts'
import { startCheckpointer } from '#server/db/checkpointer.ts'
import { ReadWriteSqliteDialect } from '#server/db/sqlite-driver.ts'

export type Dialect = 'sqlite' | 'postgres'

export type Db = {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The PostgreSQL schema set by the URL's `schema` parameter, if any. */
  schema?: string
  /** Closes the pool or file handle. */
  destroy: () => Promise<void>
  /** The health check's round trip, when the engine has one of its own (SQLite: see createDb). */
  ping?: () => Promise<void>
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url)

// PostgreSQL BIGINT (count(*), sums) arrives as text by default; our numbers stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v))

/**
 * PostgreSQL timeouts. Without them a database that accepts connections but never answers (a
 * failover in progress, a network partition) holds every request open for ever.
 */
export type PgTimeouts = {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number
  /** statement_timeout: the server cancels a statement running longer. */
  statementMs: number
  /**
   * query_timeout: the client gives up waiting for an answer. Longer than statementMs, so that the
   * server's own cancel, which leaves the connection usable, comes first.
   */
  queryMs: number
}

export const PG_TIMEOUTS: PgTimeouts = { connectMs: 5_000, statementMs: 10_000, queryMs: 12_000 }

/** TCP keepalive on pool connections, so a peer that vanished without a word is noticed. */
const PG_KEEPALIVE_DELAY_MS = 10_000

export type DbOptions = {
  /**
   * Told of a connection lost outside a query (the database restarted, the network dropped). The
   * pool replaces such connections by itself: this is for logging. By default a line on stderr.
   */
  onConnectionError?: (err: Error) => void
  /** Overrides of PG_TIMEOUTS (tests use short ones). */
  timeouts?: Partial<PgTimeouts>
}

/** What may be logged of a database error: its code and message, never the connection settings. */
export function describeDbError(err: unknown): { code?: string; message: string } {
  const code = (err as { code?: unknown } | null)?.code
  return { ...(typeof code === 'string' ? { code } : {}), message: err instanceof Error ? err.message : String(err) }
}

const reportToStderr = (err: Error) => {
  const { code, message } = describeDbError(err)
  console.warn(`database connection error${code ? ` (${code})` : ''}: ${message}`)
}

/**
 * Opens the database named by url: a postgres:// URL selects PostgreSQL (a `schema` query
 * parameter sets the search_path, which the tests use for isolation); anything else is a SQLite
 * file path, created with its folder if missing.
 */
export function createDb(url: string, options: DbOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const parsed = new URL(url)
    const schema = parsed.searchParams.get('schema')
    parsed.searchParams.delete('schema')
    const timeouts = { ...PG_TIMEOUTS, ...options.timeouts }
    const pool = new pg.Pool({
      connectionString: parsed.toString(),
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: PG_KEEPALIVE_DELAY_MS,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
    const onConnectionError = options.onConnectionError ?? reportToStderr
    // Unhandled, a dropped idle connection's 'error' event would end the process.
    pool.on('error', onConnectionError)
    // A checked-out client loses the pool's listener: one that drops between two queries of a
    // transaction would end the process too. Its next query fails, and the pool discards it.
    pool.on('connect', (client) => client.on('error', onConnectionError))
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { kysely, dialect: 'postgres', ...(schema ? { schema } : {}), destroy: () => kysely.destroy() }
  }
  const file = url.replace(/^(sqlite|file):/i, '')
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  // WAL with synchronous=NORMAL is durable across process crashes, which is what we test.
  database.pragma('synchronous = NORMAL')
  // Deleted rows are overwritten, not left in free pages (an account's deletion leaves no trace).
  database.pragma('secure_delete = ON')
  if (file === ':memory:') {
    // An in-memory database has no file to open twice: one connection serves everything.
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) })
    return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() }
  }
  // SELECTs outside a transaction read through a read-only connection of their own, which WAL lets
  // read while the writer writes: a long import's transaction holds the writer for seconds
  // (src/server/db/sqlite-driver.ts, decision 041). The health check reads through it too.
  const reader = new SQLite(file, { readonly: true, fileMustExist: true })
  reader.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({ dialect: new ReadWriteSqliteDialect(withStatementCache(database), withStatementCache(reader)) })
  const ping = async () => {
    reader.prepare('select count(*) from sqlite_schema').get()
  }
  // Checkpoints run on a thread of their own, not inside a COMMIT on the event loop (decision 041).
  const checkpointer = startCheckpointer(database, file, (message) => console.warn(message))
  const destroy = async () => {
    await checkpointer.stop()
    await kysely.destroy()
  }
  return { kysely, dialect: 'sqlite', destroy, ping }
}

/**
 * After deleting an account on SQLite: moves the WAL into the database and empties it, so no copy
 * of the deleted pages is left in the `-wal` file either (secure_delete already zeroed them in the
 * database). PostgreSQL reuses its dead rows' space itself and keeps no file of ours to clean.
 */
export async function eraseDeletedPages(db: Db): Promise<void> {
  if (db.dialect !== 'sqlite') return
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely)
}

/**
 * better-sqlite3 keeping its prepared statements by SQL text: Kysely prepares every query it runs,
 * and compiling the same SQL on every request was a measurable share of a list request's CPU
 * (docs/quality.md). A statement still being iterated (a streamed query) is never handed out twice.
 */
export function withStatementCache(database: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => database.close(),
    prepare: (text: string) => {
      const kept = statements.get(text)
      statements.delete(text)
      const statement = kept && !kept.busy ? kept : database.prepare(text)
      // Re-inserted, so the map's order is least recently used first.
      statements.set(text, statement)
      if (statements.size > max) statements.delete(statements.keys().next().value as string)
      return statement
    },
  }
}

/** A trivial round trip, for the health check. */
export async function pingDb(db: Db): Promise<void> {
  if (db.ping) return db.ping()
  await sql`select 1`.execute(db.kysely)
}

/** Node socket errors that mean the database cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/**
 * PostgreSQL SQLSTATEs of the same kind (class 08 is connection exceptions): shutting down
 * (57P01-57P03), too many connections (53300), statement_timeout (57014); and SQLite's lock
 * still held once busy_timeout ran out.
 */
const DATABASE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014', 'SQLITE_BUSY'])
/** pg and pg-pool report lost connections and timeouts with these messages and no code. */
const PG_MESSAGES =
  /^(Connection terminated|Query read timeout|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * Whether err (or its cause) says the database is down, unreachable or not answering in time: a
 * 503 to retry later, not a fault of the request or of our code.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || DATABASE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
  if (PG_MESSAGES.test(err.message)) return true
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true
  return isDatabaseUnavailable(err.cause, depth + 1)
}
