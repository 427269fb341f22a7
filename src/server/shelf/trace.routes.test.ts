import { describe, expect, it } from 'vitest'
import { ExportFileSchema } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BatchList, Bottle } from '#shared/api/shelf.ts'
import type { BatchTrace, BottleTrace } from '#shared/api/trace.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Batches that can be traced (issue 36; docs/product.md "Batch records"; decision 081): the maker's
 * checks stored with a batch, the look-ups from a lot to its batches (paged) and from a batch to its
 * lots with their documents, and the checks carried by export and import.
 */
describe.each(ENGINES)('tracing lots and batches, on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const BATCH = { madeOn: '2026-11-20', productType: 'lotion', weight: 200, unit: 'g', oilPercentage: 2, units: 4 }

  async function bottle(user: TestUser, oil: string, lotCode: string, supplier = 'Oshadhi') {
    const res = await injectAs(t, user, 'POST', '/api/shelf/bottles', {
      oilId: oils[oil]!.id,
      unit: 'mL',
      size: 100,
      lotCode,
      supplier,
      purchasedOn: '2026-10-01',
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const make = async (user: TestUser, blendId: number, body: object = {}) => {
    const res = await injectAs(t, user, 'POST', `/api/blends/${blendId}/batches`, { ...BATCH, ...body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Batch
  }
  const traceOf = async (user: TestUser, bottleId: number, query = '') => {
    const res = await injectAs(t, user, 'GET', `/api/shelf/bottles/${bottleId}/trace${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as BottleTrace
  }
  const batchOf = async (user: TestUser, batchId: number) => {
    const res = await injectAs(t, user, 'GET', `/api/batches/${batchId}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as BatchTrace
  }

  it('stores the maker’s checks as asked, and the version’s flags when not asked', async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Checked' }))
    const asked = await make(user, blend.id, { crossContaminationPrevented: false, weighedInGrams: true })
    expect(asked).toMatchObject({ crossContaminationPrevented: false, weighedInGrams: true })
    // A new version's own flags: cross-contamination prevented, not weighed in grams (the spec's defaults).
    const unasked = await make(user, blend.id)
    expect(unasked).toMatchObject({ crossContaminationPrevented: true, weighedInGrams: false })
    const listed = ((await injectAs(t, user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items
    expect(listed.map((b) => [b.id, b.crossContaminationPrevented, b.weighedInGrams])).toEqual([
      [unasked.id, true, false],
      [asked.id, false, true],
    ])
    expect((await batchOf(user, asked.id)).batch).toMatchObject({ crossContaminationPrevented: false, weighedInGrams: true })
  })

  it('refuses a check that is not true or false, names the field, and records nothing', async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Refused checks' }))
    const res = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, { ...BATCH, weighedInGrams: 'yes' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.weighedInGrams', message: 'weighedInGrams is true or false' })]),
    )
    expect(((await injectAs(t, user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items).toEqual([])
  })

  it('finds from a lot every batch that drew from it, and from a batch every lot with its code and supplier', async () => {
    const user = await createUser(t)
    const lavender = await bottle(user, 'Lavender', 'LAV-2611')
    const bergamot = await bottle(user, 'Bergamot', 'BER-0042', 'Naissance')
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Traced Calm' }))
    const first = await make(user, blend.id, { madeOn: '2026-11-18' })
    const second = await make(user, blend.id, { madeOn: '2026-11-19', weight: 400, units: 8 })

    const lot = await traceOf(user, lavender.id)
    expect(lot.lot).toMatchObject({
      bottleId: lavender.id,
      oilName: 'Lavender',
      lotCode: 'LAV-2611',
      supplier: 'Oshadhi',
      purchasedOn: '2026-10-01',
    })
    expect(lot.batchCount).toBe(2)
    expect(lot.batches.nextCursor).toBeNull()
    expect(lot.batches.items.map((b) => [b.batchId, b.code, b.madeOn, b.blendName, b.reference, b.weight, b.units])).toEqual([
      [second.id, second.code, '2026-11-19', 'Traced Calm', second.reference, 400, 8],
      [first.id, first.code, '2026-11-18', 'Traced Calm', first.reference, 200, 4],
    ])
    // The amount of this lot in each: the batch's Lavender, in the bottle's unit (mL).
    const lavenderMl = (b: Batch) => b.oils.find((o) => o.oilId === oils.Lavender!.id)!.ml
    expect(lot.batches.items[0]!.lotAmount).toBeCloseTo(lavenderMl(second), 2)
    expect(lot.batches.items[1]!.lotAmount).toBeCloseTo(lavenderMl(first), 2)
    expect(lot.batches.items[0]!.lotUnit).toBe('mL')

    const back = await batchOf(user, first.id)
    expect(back.blend).toEqual({ id: blend.id, name: 'Traced Calm' })
    expect(back.batch.code).toBe(first.code)
    const drawn = back.lots.map((l) => [l.oilName, l.lot?.bottleId, l.lot?.lotCode, l.lot?.supplier])
    expect(drawn).toEqual(
      expect.arrayContaining([
        ['Lavender', lavender.id, 'LAV-2611', 'Oshadhi'],
        ['Bergamot', bergamot.id, 'BER-0042', 'Naissance'],
      ]),
    )
    // Cedarwood had no bottle: nothing was drawn, so it is in the composition but not among the lots.
    expect(back.lots).toHaveLength(2)
    expect(back.composition.map((c) => c.oilName).sort()).toEqual(['Atlas Cedarwood', 'Bergamot', 'Lavender'])
    const lav = back.composition.find((c) => c.oilName === 'Lavender')!
    expect(lav.inci).toBe(oils.Lavender!.inciName)
    expect(lav.percentOfBlend).toBeCloseTo(50, 5)
    expect(lav.percentOfProduct).toBeCloseTo(1, 5)
    expect(back.composition.reduce((sum, c) => sum + c.percentOfBlend, 0)).toBeCloseTo(100, 5)
  })

  it('pages a lot’s batches by cursor, newest first, each once', async () => {
    const user = await createUser(t)
    const lavender = await bottle(user, 'Lavender', 'LAV-PAGED')
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Many' }))
    const made: number[] = []
    for (let i = 0; i < 5; i++) made.push((await make(user, blend.id, { weight: 10 })).id)
    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: BottleTrace = await traceOf(user, lavender.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.batchCount).toBe(5)
      expect(page.batches.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.batches.items.map((b) => b.batchId))
      cursor = page.batches.nextCursor
      pages++
    } while (cursor !== null)
    expect(pages).toBe(3)
    expect(seen).toEqual([...made].reverse())
    const tooMany = await injectAs(t, user, 'GET', `/api/shelf/bottles/${lavender.id}/trace?limit=1000`)
    expect(tooMany.statusCode).toBe(400)
    const badCursor = await injectAs(t, user, 'GET', `/api/shelf/bottles/${lavender.id}/trace?cursor=abc`)
    expect(badCursor.statusCode).toBe(400)
  })

  it('gives the label saved with the batch, or works one out and says so, and none for a home product', async () => {
    const user = await createUser(t)
    const lavender = await bottle(user, 'Lavender', 'LAV-LABEL')
    await injectAs(t, user, 'PUT', `/api/shelf/bottles/${lavender.id}/declaration`, {
      basis: 'w/w',
      items: [{ entryId: 'linalool', percent: 30 }],
    })
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Labelled' }))
    const unsaved = await make(user, blend.id)
    const worked = (await batchOf(user, unsaved.id)).label
    expect(worked?.source).toBe('worked-out')
    expect(worked?.label.declared.map((a) => a.inci)).toContain('Linalool')
    expect(worked?.label.ingredientText).toContain('Linalool')

    const saved = await injectAs(t, user, 'PUT', `/api/blends/${blend.id}/batches/${unsaved.id}/label`, { fragranceAs: 'parfum' })
    expect(saved.statusCode, saved.body).toBe(200)
    const fromSaved = (await batchOf(user, unsaved.id)).label
    expect(fromSaved?.source).toBe('saved')
    expect(fromSaved?.label.fragranceAs).toBe('parfum')

    const candle = await make(user, blend.id, { productType: 'candles', oilPercentage: 8 })
    expect((await batchOf(user, candle.id)).label).toBeNull()
  })

  it('keeps what was drawn from a deleted bottle, without its lot, and gives the lot’s documents', async () => {
    const user = await createUser(t)
    const lavender = await bottle(user, 'Lavender', 'LAV-GONE')
    const bergamot = await bottle(user, 'Bergamot', 'BER-KEPT')
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Deleted lot' }))
    const made = await make(user, blend.id)
    expect((await injectAs(t, user, 'DELETE', `/api/shelf/bottles/${lavender.id}`)).statusCode).toBe(204)
    const back = await batchOf(user, made.id)
    const gone = back.lots.find((l) => l.oilName === 'Lavender')!
    expect(gone.lot).toBeNull()
    expect(gone.amount).toBeGreaterThan(0)
    expect(back.lots.find((l) => l.oilName === 'Bergamot')!.lot?.lotCode).toBe('BER-KEPT')
    expect(back.lots.every((l) => Array.isArray(l.documents))).toBe(true)
    expect((await injectAs(t, user, 'GET', `/api/shelf/bottles/${lavender.id}/trace`)).statusCode).toBe(404)
    // The lot's documents come without their content; a bottle with none lists none.
    expect((await traceOf(user, bergamot.id)).documents).toEqual([])
  })

  it('exports the checks, imports them back, and reads a batch from an older file as not recorded', async () => {
    const maker = await createUser(t)
    const blend = await createBlend(t, maker, blendBody(oils, { name: 'Exported checks' }))
    await make(maker, blend.id, { crossContaminationPrevented: false, weighedInGrams: true })
    const exported = await injectAs(t, maker, 'GET', '/api/export')
    expect(exported.statusCode).toBe(200)
    const file = ExportFileSchema.parse(exported.json())
    const batches = file.blends.flatMap((b) => ('batches' in b ? b.batches : []))
    expect(batches.map((b) => [b.crossContaminationPrevented, b.weighedInGrams])).toEqual([[false, true]])

    const importAs = async (file: unknown) => {
      const who = await createUser(t)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { ...bearer(who.token), 'content-type': 'application/json' },
        payload: JSON.stringify(file),
      })
      expect(res.statusCode, res.body).toBe(201)
      const list = (await injectAs(t, who, 'GET', '/api/blends')).json() as { items: { id: number }[] }
      return ((await injectAs(t, who, 'GET', `/api/blends/${list.items[0]!.id}/batches`)).json() as BatchList).items
    }
    expect((await importAs(exported.json())).map((b) => [b.crossContaminationPrevented, b.weighedInGrams])).toEqual([[false, true]])

    // A file from before the checks were asked: not recorded (null), never a guess.
    const older = exported.json() as { blends: { batches?: Record<string, unknown>[] }[] }
    for (const b of older.blends)
      for (const batch of b.batches ?? []) {
        delete batch.crossContaminationPrevented
        delete batch.weighedInGrams
      }
    expect((await importAs(older)).map((b) => [b.crossContaminationPrevented, b.weighedInGrams])).toEqual([[null, null]])
  })
})
