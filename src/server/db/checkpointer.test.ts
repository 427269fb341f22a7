import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Db } from '#server/db/db.ts'

/** Decision 041: SQLite's checkpoints run on a thread of their own, never inside a COMMIT. */
describe('SQLite checkpoints', () => {
  let dir: string
  let db: Db
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-checkpoint-'))
    db = createDb(path.join(dir, 'test.db'))
  })
  afterAll(async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('are not made by the committing connection, and the log still reaches the database file', async () => {
    // The writer's automatic checkpoint (1,000 pages by default) is off...
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely)
    expect(rows[0]!.wal_autocheckpoint).toBe(0)
    // ...so a commit of 8 MB leaves it in the log, and the checkpoint thread copies it over.
    const file = path.join(dir, 'test.db')
    const before = fs.statSync(file).size
    await sql`create table filler (text text)`.execute(db.kysely)
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 2_000; i++) await sql`insert into filler values (${'x'.repeat(4_000)})`.execute(trx)
    })
    const deadline = Date.now() + 10_000
    while (fs.statSync(file).size < before + 8_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(fs.statSync(file).size).toBeGreaterThan(before + 8_000_000)
  })
})
