import { describe, expect, it } from 'vitest'
import { ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** Resolves with `work`'s value, or rejects once `ms` have passed without one. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * Decision 041: a read outside a transaction does not wait for another request's write transaction
 * (an import of 100,000 rows holds one for seconds). PostgreSQL's pool always allowed it; SQLite
 * reads through a read-only connection of its own (src/server/db/sqlite-driver.ts).
 */
describe.each(ENGINES)('reads while a write transaction is open, on %s', (engine) => {
  let t: TestAppHandle
  let maker: TestUser
  useTestApp(engine, (ctx) => ({ t, user: maker } = ctx))

  const numberOf = async (ex: Pick<TestAppHandle['db']['kysely'], 'selectFrom'>) =>
    (await ex.selectFrom('user_sequences').select('last_project_number').where('user_id', '=', maker.userId).executeTakeFirst())
      ?.last_project_number ?? null

  it('answers a read and the health check at once, with the last committed data; the transaction sees its own writes, and a write waits its turn', async () => {
    const before = await numberOf(t.db.kysely)
    const order: string[] = []
    let write: Promise<unknown> = Promise.resolve()
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_sequences')
        .values({ user_id: maker.userId, last_project_number: 41 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_project_number: 41 }))
        .execute()
      expect(await numberOf(trx)).toBe(41)
      // Outside the transaction: not behind it (with one SQLite connection this waited for the commit, here for ever).
      expect(await within(1_000, numberOf(t.db.kysely))).toBe(before)
      const health = await within(1_000, t.app.inject({ method: 'GET', url: '/api/health' }))
      expect(health.statusCode).toBe(200)
      // A write outside the transaction still waits for it (on PostgreSQL, for the key the transaction took).
      write = t.db.kysely
        .insertInto('user_sequences')
        .values({ user_id: maker.userId, last_project_number: 60 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_project_number: 60 }))
        .execute()
        .then(() => order.push('outside write'))
      await new Promise((resolve) => setTimeout(resolve, 50))
      order.push('commit')
    })
    await write
    expect(order).toEqual(['commit', 'outside write'])
    // Committed, then written over: every read sees the last.
    expect(await numberOf(t.db.kysely)).toBe(60)
  })
})
