import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { Database } from '#server/db/schema.ts'

export type Dialect = 'sqlite' | 'postgres'

export type Db = {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The PostgreSQL schema set by the URL's `schema` parameter, if any. */
  schema?: string
  /** Closes the pool or file handle. */
  destroy: () => Promise<void>
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url)

// PostgreSQL BIGINT (count(*), sums) arrives as text by default; our numbers stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v))

/**
 * Opens the database named by url: a postgres:// URL selects PostgreSQL (a `schema`
 * query parameter sets the search_path, which the tests use for isolation); anything
 * else is a SQLite file path, created with its folder if missing.
 */
export function createDb(url: string): Db {
  if (isPostgresUrl(url)) {
    const parsed = new URL(url)
    const schema = parsed.searchParams.get('schema')
    parsed.searchParams.delete('schema')
    const pool = new pg.Pool({
      connectionString: parsed.toString(),
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) })
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() }
}

/** A trivial round trip, for the health check. */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely)
}
