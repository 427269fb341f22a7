import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * Makes transactions that name the same key run one after another, from here until they commit:
 * PostgreSQL's transaction-scoped advisory lock on a hash of the key. SQLite needs nothing, as it
 * runs one write transaction at a time. Call it first in the transaction whose rule it protects
 * (a read that decides a write), so the second transaction reads what the first committed.
 */
export async function serialiseOn(trx: Executor, ...key: (string | number)[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`select pg_advisory_xact_lock(hashtextextended(${JSON.stringify(key)}, 0))`.execute(trx)
}

/** Work under whileHolding in this process, by key: a SQLite database is served by one process. */
const inProcess = new Map<string, Promise<unknown>>()

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on `key`, on a connection of its
 * own, so work that opens its own connections (a library's read-then-create) runs in one process
 * at a time. On SQLite, which one process serves, calls in this process take turns. For rare
 * start-up work, not for requests.
 */
export async function whileHolding<T>(db: Kysely<Database>, key: string, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const turn = (inProcess.get(key) ?? Promise.resolve()).catch(() => undefined).then(work)
    inProcess.set(key, turn)
    try {
      return await turn
    } finally {
      if (inProcess.get(key) === turn) inProcess.delete(key)
    }
  }
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtextextended(${key}, 0))`.execute(connection)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection)
    }
  })
}
