import { setImmediate as nextTurn } from 'node:timers'
import { sql } from 'kysely'
import { referenceNumber } from '#shared/domain/references.ts'
import type { Db } from '#server/db/db.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * The user's counters: project and test entry numbers, and the versions that tell caches a list
 * changed. The transaction convention of every repository here: a function takes an executor
 * first (the database, or the transaction its caller, the route, opened) and never opens one
 * itself, so a route's writes commit or roll back together.
 */

/** Advances one of the user's counters atomically and returns the new value. */
export async function nextSequence(ex: Executor, userId: string, column: 'last_project_number' | 'last_entry_number') {
  const row = await ex
    .insertInto('user_sequences')
    .values({ user_id: userId, [column]: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: sql`user_sequences.${sql.ref(column)} + 1` }))
    .returning(column)
    .executeTakeFirstOrThrow()
  return Number((row as Record<string, number>)[column])
}

/** Reserves `count` consecutive values of one of the user's counters (an import's); returns the first. */
export async function reserveSequence(
  ex: Executor,
  userId: string,
  column: 'last_project_number' | 'last_entry_number',
  count: number,
): Promise<number> {
  const row = await ex
    .insertInto('user_sequences')
    .values({ user_id: userId, [column]: count })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: sql`user_sequences.${sql.ref(column)} + ${count}` }))
    .returning(column)
    .executeTakeFirstOrThrow()
  return Number((row as Record<string, number>)[column]) - count + 1
}

/**
 * Marks the user's data as changed (the list cache, src/server/http/list-cache.ts, answers from
 * memory while it is unchanged). Call it after the write it follows, in the same transaction,
 * never before: a list computed in between would otherwise be kept under the new version.
 */
export async function touchUserData(ex: Executor, userId: string): Promise<void> {
  await ex
    .insertInto('user_sequences')
    .values({ user_id: userId, data_version: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ data_version: sql`user_sequences.data_version + 1` }))
    .execute()
}

/**
 * Marks one project as changed, and with it the user's data. The project's list_version (migration
 * 0007) is no longer read since lists are paged in SQL, but stays current, so a cache per blend can
 * rely on it again; writes that update the project row itself bump it in that same update.
 */
export async function touchProject(ex: Executor, userId: string, projectId: number): Promise<void> {
  await ex
    .updateTable('blend_projects')
    .set({ list_version: sql`list_version + 1` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .execute()
  await touchUserData(ex, userId)
}

/** How many users one version query asks about at most (bound parameters stay far below every engine's limit). */
const VERSION_BATCH_MAX = 500

type VersionWaiter = { resolve: (version: number) => void; reject: (err: unknown) => void }

/**
 * The user's data version (unchanged means every list and blend is as it was), for the cached
 * reads of every request (the lists, Home's summary), shared by the app's requests: a lookup that arrives while a version query runs waits for it to end and then
 * goes into the next query, together with every lookup that arrived meanwhile (`user_id in (...)`).
 * The first lookup also waits for the rest of the event loop's turn, so the requests read in one
 * turn share a query even when the database answers at once (SQLite). Under load this is one
 * query per turn instead of one per request: it keeps PostgreSQL's pool free for the work itself
 * and SQLite's single connection from running the same query dozens of times (docs/quality.md).
 *
 * A lookup is never answered by a query that started before it arrived, so a request sent after a
 * write's answer always sees that write's version (read-your-writes, across processes too).
 */
export function createDataVersionReader(db: Pick<Db, 'kysely'>): (userId: string) => Promise<number> {
  const waiting = new Map<string, VersionWaiter[]>()
  let running = false
  let scheduled = false

  async function versionsOf(userIds: string[]): Promise<Map<string, number>> {
    // db.kysely is read at each query, not kept: tests swap in an instance that counts queries.
    const query = db.kysely.selectFrom('user_sequences').select(['user_id', 'data_version'])
    const rows = await (userIds.length === 1 ? query.where('user_id', '=', userIds[0]!) : query.where('user_id', 'in', userIds)).execute()
    return new Map(rows.map((row) => [row.user_id, Number(row.data_version)]))
  }

  async function drain() {
    running = true
    try {
      while (waiting.size > 0) {
        const batch = new Map<string, VersionWaiter[]>()
        for (const [userId, waiters] of waiting) {
          if (batch.size >= VERSION_BATCH_MAX) break
          batch.set(userId, waiters)
        }
        for (const userId of batch.keys()) waiting.delete(userId)
        try {
          const versions = await versionsOf([...batch.keys()])
          for (const [userId, waiters] of batch) for (const waiter of waiters) waiter.resolve(versions.get(userId) ?? 0)
        } catch (err) {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(err)
        }
      }
    } finally {
      running = false
    }
  }

  return (userId) =>
    new Promise<number>((resolve, reject) => {
      const waiters = waiting.get(userId)
      if (waiters) waiters.push({ resolve, reject })
      else waiting.set(userId, [{ resolve, reject }])
      if (running || scheduled) return
      // Wait for the rest of this turn's input: the requests read in the same turn of the event
      // loop (many, under load) then share one query.
      scheduled = true
      nextTurn(() => {
        scheduled = false
        if (!running) void drain()
      })
    })
}

/** The reference the user's next new blend will get (a preview; numbers are assigned on save). */
export async function peekNextReference(ex: Executor, userId: string): Promise<string> {
  const row = await ex.selectFrom('user_sequences').select('last_project_number').where('user_id', '=', userId).executeTakeFirst()
  return referenceNumber((row?.last_project_number ?? 0) + 1, 'a')
}
