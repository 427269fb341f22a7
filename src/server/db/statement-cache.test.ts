import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withStatementCache } from '#server/db/db.ts'

describe('the SQLite statement cache', () => {
  const open: SQLite.Database[] = []
  afterEach(() => {
    for (const database of open.splice(0)) if (database.open) database.close()
  })
  const fresh = () => {
    const database = new SQLite(':memory:')
    open.push(database)
    database.exec('create table t (n integer)')
    database.exec('insert into t values (1), (2), (3)')
    return database
  }

  it('prepares each SQL text once, however often it runs', async () => {
    const database = fresh()
    const prepare = vi.spyOn(database, 'prepare')
    const kysely = new Kysely<{ t: { n: number } }>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) })
    for (let i = 0; i < 5; i++)
      expect(await kysely.selectFrom('t').select('n').where('n', '>', i).execute()).toHaveLength(Math.max(0, 3 - i))
    await sql`select 1`.execute(kysely)
    expect(prepare).toHaveBeenCalledTimes(2)
  })

  it('hands a statement that is still being iterated to no second query', async () => {
    const database = fresh()
    const cached = withStatementCache(database)
    const first = cached.prepare('select n from t order by n') as SQLite.Statement
    const iterating = first.iterate()
    expect(iterating.next().value).toEqual({ n: 1 })
    const second = cached.prepare('select n from t order by n') as SQLite.Statement
    expect(second).not.toBe(first)
    expect(second.all()).toHaveLength(3)
    expect([...iterating]).toEqual([{ n: 2 }, { n: 3 }])
  })

  it('keeps at most its number of statements, dropping the least recently used', () => {
    const database = fresh()
    const prepare = vi.spyOn(database, 'prepare')
    const cached = withStatementCache(database, 2)
    for (const text of ['select 1', 'select 2', 'select 1', 'select 3', 'select 1', 'select 2']) cached.prepare(text)
    // 'select 2' was dropped when 'select 3' came; 'select 1' stayed, being used again.
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(['select 1', 'select 2', 'select 3', 'select 2'])
  })
})
