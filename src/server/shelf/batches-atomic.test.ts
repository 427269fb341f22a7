import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BottleList } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * "Mark as made" and its undo are one transaction each (decision 026): a database fault after the
 * bottles were changed, but before the batch row is written (or deleted), leaves the shelf exactly
 * as it was. The fault is a trigger that refuses the batch's own write, on each engine.
 */
describe.each(ENGINES)('batches are atomic on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser
  useTestApp(engine, (ctx) => ({ t, oils, user } = ctx))
  afterEach(async () => {
    if (engine === 'postgres') {
      await sql`drop trigger if exists batches_fault on batches`.execute(t.db.kysely)
      await sql`drop function if exists batches_fault()`.execute(t.db.kysely)
    } else {
      await sql`drop trigger if exists batches_fault`.execute(t.db.kysely)
    }
  })

  /** Makes every `event` (INSERT or DELETE) on batches fail, as a fault in the middle of the transaction. */
  async function failOn(event: 'INSERT' | 'DELETE') {
    if (engine === 'postgres') {
      await sql`create function batches_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`.execute(
        t.db.kysely,
      )
      await sql
        .raw(`create trigger batches_fault before ${event} on batches for each row execute function batches_fault()`)
        .execute(t.db.kysely)
    } else {
      await sql
        .raw(`create trigger batches_fault before ${event} on batches begin select raise(abort, 'injected fault'); end`)
        .execute(t.db.kysely)
    }
  }

  const shelf = async () => ((await injectAs(t, user, 'GET', '/api/shelf/bottles?limit=200')).json() as BottleList).items
  const rows = async () => ({
    bottles: await t.db.kysely.selectFrom('shelf_bottles').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
    batches: await t.db.kysely.selectFrom('batches').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
    draws: await t.db.kysely.selectFrom('batch_draws').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
  })
  const body = { madeOn: '2026-11-21', productType: 'Lotion', weight: 250, unit: 'g', oilPercentage: 2 }

  it('leaves the shelf untouched when recording the batch fails after the bottles were drawn', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Fault on make' }))
    for (const oil of ['Bergamot', 'Lavender', 'Atlas Cedarwood']) {
      expect(
        (await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 20, price: 4 })).statusCode,
      ).toBe(201)
    }
    const before = await rows()
    await failOn('INSERT')
    const res = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, body)
    expect(res.statusCode).toBe(500)
    expect(res.json().error.code).toBe('INTERNAL')
    expect(await rows()).toEqual(before)
  })

  it('leaves the batch and the shelf as they were when undoing fails after the bottles were refilled', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Fault on undo' }))
    const made = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, body)
    expect(made.statusCode, made.body).toBe(201)
    const drawn = await shelf()
    expect((made.json() as Batch).oils.every((o) => o.shortMl === 0)).toBe(true)
    const before = await rows()
    expect(before.draws.length).toBeGreaterThan(0)
    await failOn('DELETE')
    const res = await injectAs(t, user, 'DELETE', `/api/batches/${(made.json() as Batch).id}`)
    expect(res.statusCode).toBe(500)
    expect(await rows()).toEqual(before)
    expect(await shelf()).toEqual(drawn)
  })
})
