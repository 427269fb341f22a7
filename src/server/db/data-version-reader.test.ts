import type { KyselyPlugin } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createDataVersionReader, touchUserData } from '#server/db/counters.ts'
import { createDb, type Db } from '#server/db/db.ts'
import { createUser, ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * A second connection to the test database whose query results wait at a gate until the test
 * opens it, and that counts the queries it runs: how the tests hold a version query "in flight"
 * on either engine while the writes go through the app's own connection.
 */
function gatedDb(t: TestAppHandle) {
  const own = createDb(t.config.databaseUrl)
  opened.push(own)
  let queries = 0
  let open: () => void = () => {}
  let gate = Promise.resolve()
  let arrived: () => void = () => {}
  let held = new Promise<void>((resolve) => (arrived = resolve))
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1
      return args.node
    },
    transformResult: async (args) => {
      arrived()
      await gate
      return args.result
    },
  }
  return {
    db: { kysely: own.kysely.withPlugin(plugin) },
    queries: () => queries,
    close() {
      gate = new Promise((resolve) => (open = resolve))
      held = new Promise<void>((resolve) => (arrived = resolve))
    },
    open: () => open(),
    /** Resolves when a query's answer has come back from the database and waits at the closed gate. */
    held: () => held,
  }
}

const opened: Db[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy()
})

describe.each(ENGINES)('the batched data-version reader on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx))

  it('answers 0 for a user who never wrote, then each new version', async () => {
    const { userId } = await createUser(t)
    const read = createDataVersionReader(t.db)
    expect(await read(userId)).toBe(0)
    await touchUserData(t.db.kysely, userId)
    await touchUserData(t.db.kysely, userId)
    expect(await read(userId)).toBe(2)
  })

  it('answers the lookups made in one turn of the event loop with one query', async () => {
    const users = await Promise.all([createUser(t), createUser(t)])
    await touchUserData(t.db.kysely, users[1]!.userId)
    const counted = gatedDb(t)
    const read = createDataVersionReader(counted.db)
    const versions = await Promise.all([read(users[0]!.userId), read(users[1]!.userId), read(users[0]!.userId)])
    expect(versions).toEqual([0, 1, 0])
    expect(counted.queries()).toBe(1)
  })

  it('never answers a lookup with a query that started before it: a read after a write sees the write', async () => {
    const { userId } = await createUser(t)
    await touchUserData(t.db.kysely, userId)
    const gated = gatedDb(t)
    const read = createDataVersionReader(gated.db)
    gated.close()
    const before = read(userId)
    await gated.held()
    expect(gated.queries()).toBe(1)
    // The write commits while that first query is held; a lookup made after it must see it.
    await touchUserData(t.db.kysely, userId)
    const after = read(userId)
    gated.open()
    expect(await before).toBe(1)
    expect(await after).toBe(2)
    expect(gated.queries()).toBe(2)
  })

  it('puts every lookup made while a query runs into one next query, for many users', async () => {
    const users = await Promise.all([createUser(t), createUser(t), createUser(t)])
    for (const [i, user] of users.entries()) for (let n = 0; n <= i; n++) await touchUserData(t.db.kysely, user.userId)
    const gated = gatedDb(t)
    const read = createDataVersionReader(gated.db)
    gated.close()
    const first = read(users[0]!.userId)
    await gated.held()
    const lookups = [...users, ...users].map((user) => read(user.userId))
    gated.open()
    expect(await first).toBe(1)
    expect(await Promise.all(lookups)).toEqual([1, 2, 3, 1, 2, 3])
    // The held query, then one for all six lookups.
    expect(gated.queries()).toBe(2)
  })

  it('passes a failed query on to the lookups it was for, and answers the next ones afresh', async () => {
    const { userId } = await createUser(t)
    let fail = true
    const failing: KyselyPlugin = {
      transformQuery: (args) => {
        if (fail) throw new Error('database unavailable')
        return args.node
      },
      transformResult: async (args) => args.result,
    }
    const read = createDataVersionReader({ kysely: t.db.kysely.withPlugin(failing) })
    await expect(read(userId)).rejects.toThrow('database unavailable')
    fail = false
    expect(await read(userId)).toBe(0)
  })
})
