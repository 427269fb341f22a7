import { describe, expect, it } from 'vitest'
import type { ExportBatch, ExportFile } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BottleList } from '#shared/api/shelf.ts'
import { putAccordInLayer } from '#tests/support/accord-fixtures.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * "Mark as made" with an accord inside the blend (decision 074): weighed as its oils (the default),
 * its oils come from their bottles; weighed as a batch, its amount comes from the accord's neat
 * batches, oldest first, what they lack recorded as short; undo puts back exactly what was taken.
 */
describe.each(ENGINES)('accords weighed in a batch on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser
  useTestApp(engine, (ctx) => ({ t, oils, user } = ctx))

  const call = (method: string, url: string, payload?: unknown, who = user) => injectAs(t, who, method, url, payload)
  const bottleMl = async (who: TestUser, name: string) => {
    const list = (await call('GET', '/api/shelf/bottles?limit=200', undefined, who)).json() as BottleList
    return list.items.filter((b) => b.oilName === name).reduce((sum, b) => sum + b.remainingMl, 0)
  }
  const neatBatch = async (who: TestUser, projectId: number, versionId: number, grams: number, madeOn = '2026-11-01') => {
    const res = await call(
      'POST',
      `/api/blends/${projectId}/batches`,
      { versionId, madeOn, productType: 'neat-accord', weight: grams, unit: 'g', oilPercentage: 100 },
      who,
    )
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Batch
  }
  const remaining = async (batchId: number) =>
    Number(
      (await t.db.kysely.selectFrom('batches').select('remaining_milli').where('id', '=', batchId).executeTakeFirstOrThrow())
        .remaining_milli,
    ) / 1000

  /** A user with bottles of every oil used, an accord (Bergamot 30, Lavender 50, Cedarwood 20) and a blend holding it at 50 % in its middle. */
  async function setUp(who: TestUser, name: string) {
    for (const oil of ['Bergamot', 'Lavender', 'Atlas Cedarwood', 'Lemon'])
      expect((await call('POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 100, price: 10 }, who)).statusCode).toBe(
        201,
      )
    const accord = await createBlend(t, who, blendBody(oils, { name: `${name} accord` }))
    const host = await createBlend(t, who, blendBody(oils, { name: `${name} host`, topNote: oils.Lemon!.id }))
    await putAccordInLayer(t.db, host.version, { versionId: accord.version.id, blendName: `${name} accord` }, 'middle_oils', 50)
    return { accord, host }
  }
  const make = (who: TestUser, projectId: number, accords: unknown, extra: Record<string, unknown> = {}) =>
    call(
      'POST',
      `/api/blends/${projectId}/batches`,
      { madeOn: '2026-11-20', productType: 'lotion', weight: 100, unit: 'g', oilPercentage: 10, accords, ...extra },
      who,
    )

  it('weighs an accord as its oils by default: its oils drawn from their bottles, the recorded oils flattened', async () => {
    const { accord, host } = await setUp(user, 'Default')
    const before = await bottleMl(user, 'Lavender')
    const res = await make(user, host.id, undefined)
    expect(res.statusCode, res.body).toBe(201)
    const batch = res.json() as Batch
    // 10 g of oil: Lemon 30 %, the accord 50 % (Bergamot 15, Lavender 25, Cedarwood 10), Cedarwood 20 %.
    const grams = Object.fromEntries(batch.oils.map((o) => [o.oilName, Math.round(o.grams * 1000) / 1000]))
    expect(grams).toEqual({ Lemon: 3, Bergamot: 1.5, Lavender: 2.5, 'Atlas Cedarwood': 3 })
    expect(batch.accords).toEqual([
      {
        versionId: accord.version.id,
        name: 'Default accord',
        referenceNumber: accord.version.referenceNumber,
        weigh: 'oils',
        grams: 5,
        shortGrams: 0,
        drawn: [],
      },
    ])
    const lavender = batch.oils.find((o) => o.oilName === 'Lavender')!
    expect(before - (await bottleMl(user, 'Lavender'))).toBeCloseTo(lavender.ml, 3)
  })

  it('weighs an accord from its neat batches, oldest first, and undo puts back exactly that', async () => {
    const { accord, host } = await setUp(user, 'Neat')
    const newer = await neatBatch(user, accord.id, accord.version.id, 4, '2026-11-10')
    const older = await neatBatch(user, accord.id, accord.version.id, 3, '2026-11-02')
    expect(newer.remainingGrams).toBe(4)
    const lavender = await bottleMl(user, 'Lavender')
    const cedar = await bottleMl(user, 'Atlas Cedarwood')
    const res = await make(user, host.id, [{ versionId: accord.version.id, weigh: 'batch' }])
    expect(res.statusCode, res.body).toBe(201)
    const batch = res.json() as Batch
    expect(batch.accords![0]).toMatchObject({
      weigh: 'batch',
      grams: 5,
      shortGrams: 0,
      drawn: [
        { batchId: older.id, code: older.code, grams: 3 },
        { batchId: newer.id, code: newer.code, grams: 2 },
      ],
    })
    expect(await remaining(older.id)).toBe(0)
    expect(await remaining(newer.id)).toBe(2)
    // The accord's Lavender is not taken from its bottle; Cedarwood's own 20 % (2 g) is.
    expect(await bottleMl(user, 'Lavender')).toBeCloseTo(lavender, 6)
    const ownCedar = batch.oils.find((o) => o.oilName === 'Atlas Cedarwood')!
    expect(cedar - (await bottleMl(user, 'Atlas Cedarwood'))).toBeCloseTo((ownCedar.ml * 2) / 3, 3)
    // The recorded oils stay the flattened composition (labels, IFRA).
    expect(batch.oils.map((o) => o.oilName).sort()).toEqual(['Atlas Cedarwood', 'Bergamot', 'Lavender', 'Lemon'])

    expect((await call('DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
    expect(await remaining(older.id)).toBe(3)
    expect(await remaining(newer.id)).toBe(4)
    expect(await bottleMl(user, 'Atlas Cedarwood')).toBeCloseTo(cedar, 6)
  })

  it('carries what is left of a neat batch through an export and an import, never above what it was made with', async () => {
    const maker = await createUser(t)
    const { accord, host } = await setUp(maker, 'Carried')
    await neatBatch(maker, accord.id, accord.version.id, 8)
    expect((await make(maker, host.id, [{ versionId: accord.version.id, weigh: 'batch' }])).statusCode).toBe(201)
    const file = (await call('GET', '/api/export', undefined, maker)).json() as ExportFile
    const exportedNeat = file.blends.flatMap((b) => b.batches ?? []).find((b) => b.productType === 'neat-accord')!
    expect(exportedNeat.remainingGrams).toBe(3)

    const stockAfterImport = async (edit: (neat: ExportBatch) => void) => {
      const copy = structuredClone(file)
      edit(copy.blends.flatMap((b) => b.batches ?? []).find((b) => b.productType === 'neat-accord')!)
      const fresh = await createUser(t)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
        payload: JSON.stringify(copy),
      })
      expect(res.statusCode, res.body).toBe(201)
      const row = await t.db.kysely
        .selectFrom('batches')
        .select('remaining_milli')
        .where('user_id', '=', fresh.userId)
        .where('product_type', '=', 'neat-accord')
        .executeTakeFirstOrThrow()
      return Number(row.remaining_milli) / 1000
    }
    expect(await stockAfterImport(() => {})).toBe(3)
    // A file without the figure (or from before it) brings the neat batch whole; one claiming more than was made is capped.
    expect(await stockAfterImport((neat) => delete neat.remainingGrams)).toBe(8)
    expect(await stockAfterImport((neat) => (neat.remainingGrams = 500))).toBe(8)
  })

  it('records what the neat batches lack as short, and prices the accord at their cost per gram', async () => {
    const who = await createUser(t)
    const { accord, host } = await setUp(who, 'Short')
    const neat = await neatBatch(who, accord.id, accord.version.id, 2)
    expect(neat.totalCost).not.toBeNull()
    const perGram = neat.totalCost! / 2
    const res = await make(who, host.id, [{ versionId: accord.version.id, weigh: 'batch' }])
    expect(res.statusCode, res.body).toBe(201)
    const batch = res.json() as Batch
    expect(batch.accords![0]!.shortGrams).toBeCloseTo(3, 6)
    expect(batch.accords![0]!.drawn).toEqual([{ batchId: neat.id, code: neat.code, grams: 2 }])
    // Bergamot is only in the accord: its cost is its 1.5 g at the accord's cost per gram.
    expect(batch.oils.find((o) => o.oilName === 'Bergamot')!.cost).toBeCloseTo(1.5 * perGram, 6)
    expect(batch.oils.find((o) => o.oilName === 'Bergamot')!.shortMl).toBe(0)
    expect(await remaining(neat.id)).toBe(0)
  })

  it('never draws from another user’s batches', async () => {
    const owner = await createUser(t)
    const other = await createUser(t)
    const { accord, host } = await setUp(owner, 'Mine')
    // A row of another user's that names the owner's accord version (no request can make one): never drawn.
    const theirs = await neatBatch(
      other,
      (await setUp(other, 'Theirs')).accord.id,
      (
        await t.db.kysely
          .selectFrom('blend_versions')
          .select('id')
          .where('user_id', '=', other.userId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
      50,
    )
    await t.db.kysely.updateTable('batches').set({ version_id: accord.version.id }).where('id', '=', theirs.id).execute()
    const res = await make(owner, host.id, [{ versionId: accord.version.id, weigh: 'batch' }])
    expect(res.statusCode, res.body).toBe(201)
    expect((res.json() as Batch).accords![0]).toMatchObject({ drawn: [], shortGrams: 5 })
    expect(await remaining(theirs.id)).toBe(50)
  })

  it('undoes a batch whose neat batch was undone first: nothing to put back there, the bottles still refilled', async () => {
    const who = await createUser(t)
    const { accord, host } = await setUp(who, 'Gone')
    const neat = await neatBatch(who, accord.id, accord.version.id, 10)
    const lemon = await bottleMl(who, 'Lemon')
    const made = (await make(who, host.id, [{ versionId: accord.version.id, weigh: 'batch' }])).json() as Batch
    expect(await remaining(neat.id)).toBe(5)
    expect((await call('DELETE', `/api/batches/${neat.id}`, undefined, who)).statusCode).toBe(204)
    const draws = await t.db.kysely.selectFrom('batch_accord_draws').selectAll().where('batch_id', '=', made.id).execute()
    expect(draws.map((d) => d.source_batch_id)).toEqual([null])
    expect((await call('DELETE', `/api/batches/${made.id}`, undefined, who)).statusCode).toBe(204)
    expect(await bottleMl(who, 'Lemon')).toBeCloseTo(lemon, 6)
    expect(await t.db.kysely.selectFrom('batch_accord_draws').selectAll().where('user_id', '=', who.userId).execute()).toEqual([])
  })

  it('refuses an accord the version does not hold, an accord listed twice, and a neat batch not at 100 %', async () => {
    const { accord, host } = await setUp(user, 'Refused')
    const unknown = await make(user, host.id, [{ versionId: host.version.id, weigh: 'batch' }])
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(unknown.json().error.details[0].path).toBe('body.accords')
    const twice = await make(user, host.id, [
      { versionId: accord.version.id, weigh: 'batch' },
      { versionId: accord.version.id, weigh: 'oils' },
    ])
    expect(twice.statusCode).toBe(400)
    expect(twice.json().error.details[0].message).toBe('Each accord is listed once')
    const diluted = await make(user, accord.id, undefined, { productType: 'neat-accord', oilPercentage: 20 })
    expect(diluted.statusCode).toBe(400)
    expect(diluted.json().error.details[0]).toMatchObject({
      path: 'body.oilPercentage',
      message: 'A neat blend (to use as an accord) is made at 100 %',
    })
  })
})
