import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { ClpNotice, Label } from '#shared/api/labels.ts'
import type { Bottle, CreateBottle, ShelfOilList } from '#shared/api/shelf.ts'
import type { ExportFile } from '#shared/api/export.ts'
import { addDays, todayIn } from '#shared/domain/calendar-date.ts'
import { addMonths } from '#shared/domain/shelf-life.ts'
import { latestTodayOnEarth } from '#shared/domain/made-date.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Lots that age (issue 36; docs/product.md "Lots and expiry", decision 079): a bottle's opened and
 * best-before days, the best-before filled from its oil's shelf life, the refusals, the shelf's
 * ageing lots in draw order, and the warnings of the label preview, on both engines.
 */
describe.each(ENGINES)('lots that age on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const today = () => todayIn('UTC')
  const call = (who: TestUser, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const addBottle = async (who: TestUser, body: Partial<CreateBottle> & { oil: string }) => {
    const { oil, ...rest } = body
    const res = await call(who, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 10, ...rest })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const listed = async (who: TestUser) => (await call(who, 'GET', '/api/shelf/bottles?limit=200')).json().items as Bottle[]
  const shelfOil = async (who: TestUser, oil: string) =>
    ((await call(who, 'GET', '/api/shelf/oils')).json() as ShelfOilList).items.find((o) => o.oilId === oils[oil]!.id)!

  describe('dates on a bottle', () => {
    it('fills the best-before from the oil’s shelf life, from the purchase day or the day it is added', async () => {
      const user = await createUser(t)
      const bergamot = await addBottle(user, { oil: 'Bergamot', purchasedOn: '2026-03-31' })
      expect(bergamot).toMatchObject({ purchasedOn: '2026-03-31', openedOn: null, bestBefore: '2027-03-31', oxidisesSoon: true })
      const cedar = await addBottle(user, { oil: 'Atlas Cedarwood', purchasedOn: '2026-01-31' })
      expect(cedar).toMatchObject({ bestBefore: '2030-01-31', oxidisesSoon: false })
      const lavender = await addBottle(user, { oil: 'Lavender' })
      expect(lavender.bestBefore).toBe(addMonths(lavender.createdAt.slice(0, 10), 24))
      // The list reads them as stored.
      const byId = new Map((await listed(user)).map((b) => [b.id, b]))
      expect(byId.get(bergamot.id)).toMatchObject({ bestBefore: '2027-03-31', openedOn: null })
      expect(byId.get(cedar.id)!.bestBefore).toBe('2030-01-31')
    })

    it('keeps a best-before and an opened day given, and none when the maker says none', async () => {
      const user = await createUser(t)
      const given = await addBottle(user, { oil: 'Lemon', purchasedOn: '2026-01-02', openedOn: '2026-01-02', bestBefore: '2026-06-30' })
      expect(given).toMatchObject({ openedOn: '2026-01-02', bestBefore: '2026-06-30' })
      const none = await addBottle(user, { oil: 'Lemon', purchasedOn: '2026-01-02', bestBefore: null })
      expect(none.bestBefore).toBeNull()
    })

    it('gives an own ingredient its base oil’s shelf life, and the general default without one', async () => {
      const user = await createUser(t)
      const add = async (body: object) => {
        const res = await call(user, 'POST', '/api/ingredients', body)
        expect(res.statusCode, res.body).toBe(201)
        return res.json() as EssentialOil
      }
      const fcf = await add({ name: 'Bergamot FCF', inciName: 'Citrus Bergamia Peel Oil', basedOnOilId: oils.Bergamot!.id })
      const own = await add({
        name: 'My absolute',
        inciName: 'Parfum',
        kind: 'Absolute',
        noteType: ['Base'],
        scentFamily: 'Floral',
        densityGPerMl: 0.95,
      })
      const a = await call(user, 'POST', '/api/shelf/bottles', { oilId: fcf.id, unit: 'mL', size: 5, purchasedOn: '2026-02-01' })
      expect(a.json()).toMatchObject({ bestBefore: '2027-02-01', oxidisesSoon: true })
      const b = await call(user, 'POST', '/api/shelf/bottles', { oilId: own.id, unit: 'mL', size: 5, purchasedOn: '2026-02-01' })
      expect(b.json()).toMatchObject({ bestBefore: '2028-02-01', oxidisesSoon: false })
    })

    it.each([
      [{ openedOn: '2026-02-30' }, 'body.openedOn', 'Dates are written YYYY-MM-DD'],
      [{ bestBefore: 'soon' }, 'body.bestBefore', 'Dates are written YYYY-MM-DD'],
      [{ purchasedOn: '2026-03-01', openedOn: '2026-02-28' }, 'body.openedOn', "The opened date can't be before the purchase date."],
    ])('refuses %j, naming the field, and stores nothing', async (fields, path, message) => {
      const user = await createUser(t)
      const res = await call(user, 'POST', '/api/shelf/bottles', { oilId: oils.Lemon!.id, unit: 'mL', size: 10, ...fields })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
      expect(res.json().error.details).toContainEqual({ path, message })
      expect(await listed(user)).toEqual([])
    })

    it('refuses an opened day after today anywhere on Earth', async () => {
      const user = await createUser(t)
      const res = await call(user, 'POST', '/api/shelf/bottles', {
        oilId: oils.Lemon!.id,
        unit: 'mL',
        size: 10,
        openedOn: addDays(latestTodayOnEarth(), 1),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.details).toContainEqual({ path: 'body.openedOn', message: "The opened date can't be in the future." })
      expect(await listed(user)).toEqual([])
    })

    it('changes, clears and checks the dates against what is stored', async () => {
      const user = await createUser(t)
      const bottle = await addBottle(user, { oil: 'Lemon', purchasedOn: '2026-01-10' })
      const opened = await call(user, 'PATCH', `/api/shelf/bottles/${bottle.id}`, { openedOn: '2026-01-20', bestBefore: '2026-12-01' })
      expect(opened.statusCode, opened.body).toBe(200)
      expect(opened.json()).toMatchObject({ openedOn: '2026-01-20', bestBefore: '2026-12-01', purchasedOn: '2026-01-10' })
      // A purchase moved after the stored opened day is refused, as an opened day before the stored purchase is.
      const later = await call(user, 'PATCH', `/api/shelf/bottles/${bottle.id}`, { purchasedOn: '2026-02-01' })
      expect(later.statusCode).toBe(400)
      expect(later.json().error.details).toContainEqual({
        path: 'body.openedOn',
        message: "The opened date can't be before the purchase date.",
      })
      const earlier = await call(user, 'PATCH', `/api/shelf/bottles/${bottle.id}`, { openedOn: '2026-01-01' })
      expect(earlier.statusCode).toBe(400)
      const cleared = await call(user, 'PATCH', `/api/shelf/bottles/${bottle.id}`, { openedOn: null, bestBefore: null })
      expect(cleared.json()).toMatchObject({ openedOn: null, bestBefore: null, purchasedOn: '2026-01-10' })
      // Changing another field leaves the dates as they are (no default filled on a change).
      const sized = await call(user, 'PATCH', `/api/shelf/bottles/${bottle.id}`, { size: 20 })
      expect(sized.json()).toMatchObject({ size: 20, openedOn: null, bestBefore: null })
    })

    it('answers 404 for another maker’s bottle and changes nothing', async () => {
      const [a, b] = [await createUser(t), await createUser(t)]
      const bottle = await addBottle(a, { oil: 'Lemon', purchasedOn: '2026-01-10' })
      const res = await call(b, 'PATCH', `/api/shelf/bottles/${bottle.id}`, { bestBefore: '2020-01-01' })
      expect(res.statusCode).toBe(404)
      expect((await listed(a))[0]!.bestBefore).toBe('2027-01-10')
    })
  })

  describe('the shelf’s ageing lots', () => {
    it('lists expired, expiring and opened-long-ago bottles with oil left, in draw order with what is drawn before each', async () => {
      const user = await createUser(t)
      const fresh = await addBottle(user, { oil: 'Bergamot', size: 5, purchasedOn: '2026-01-01', bestBefore: addDays(today(), 300) })
      const expired = await addBottle(user, { oil: 'Bergamot', size: 8, purchasedOn: '2026-02-01', bestBefore: addDays(today(), -1) })
      const soon = await addBottle(user, { oil: 'Bergamot', size: 3, purchasedOn: '2026-03-01', bestBefore: addDays(today(), 10) })
      await addBottle(user, { oil: 'Bergamot', size: 3, remaining: 0, purchasedOn: '2026-04-01', bestBefore: addDays(today(), -5) })
      const old = await addBottle(user, {
        oil: 'Bergamot',
        size: 2,
        purchasedOn: '2025-01-01',
        openedOn: '2025-01-01',
        bestBefore: addDays(today(), 400),
      })
      const line = await shelfOil(user, 'Bergamot')
      expect(line.ageingLots).toEqual([
        {
          bottleId: old.id,
          lotCode: null,
          status: 'opened-long-ago',
          bestBefore: old.bestBefore,
          openedOn: '2025-01-01',
          remainingMl: 2,
          mlBefore: 0,
        },
        {
          bottleId: expired.id,
          lotCode: null,
          status: 'expired',
          bestBefore: expired.bestBefore,
          openedOn: null,
          remainingMl: 8,
          mlBefore: 7,
        },
        {
          bottleId: soon.id,
          lotCode: null,
          status: 'expires-soon',
          bestBefore: soon.bestBefore,
          openedOn: null,
          remainingMl: 3,
          mlBefore: 15,
        },
      ])
      expect(fresh.bestBefore).not.toBeNull()
      // A woods oil opened long ago is not "old": only an oil that oxidises soon is.
      await addBottle(user, {
        oil: 'Atlas Cedarwood',
        purchasedOn: '2024-01-01',
        openedOn: '2024-01-01',
        bestBefore: addDays(today(), 400),
      })
      expect((await shelfOil(user, 'Atlas Cedarwood')).ageingLots).toEqual([])
    })
  })

  describe('the label preview warns before drawing', () => {
    const lotion = (versionId: number, productType = 'lotion') => ({ versionId, productType, weight: 1000, unit: 'g', oilPercentage: 2 })

    it('names the expired bottle the batch would draw, and none when an older fresh bottle covers it', async () => {
      const user = await createUser(t)
      const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${crypto.randomUUID()}` }))
      // 20 g of oils, 30 % Bergamot: about 7 mL.
      const expired = await addBottle(user, {
        oil: 'Bergamot',
        size: 50,
        lotCode: 'BER-OLD',
        purchasedOn: '2024-01-01',
        bestBefore: '2025-01-01',
      })
      const first = (await call(user, 'POST', '/api/labels/preview', lotion(blend.version.id))).json() as Label
      expect(first.lotWarnings).toEqual([
        {
          bottleId: expired.id,
          oilId: oils.Bergamot!.id,
          oilName: 'Bergamot',
          lotCode: 'BER-OLD',
          status: 'expired',
          bestBefore: '2025-01-01',
          openedOn: null,
        },
      ])
      const home = (await call(user, 'POST', '/api/labels/home-preview', lotion(blend.version.id, 'candles'))).json() as ClpNotice
      expect(home.lotWarnings?.map((w) => w.bottleId)).toEqual([expired.id])

      // An older bottle in date holding all the batch needs is drawn first: nothing to say.
      const other = await createUser(t)
      const blend2 = await createBlend(t, other, blendBody(oils, { name: `Calm ${crypto.randomUUID()}` }))
      await addBottle(other, { oil: 'Bergamot', size: 50, purchasedOn: '2023-06-01', bestBefore: addDays(today(), 200) })
      await addBottle(other, { oil: 'Bergamot', size: 50, purchasedOn: '2024-01-01', bestBefore: '2025-01-01' })
      const second = (await call(other, 'POST', '/api/labels/preview', lotion(blend2.version.id))).json() as Label
      expect(second.lotWarnings).toEqual([])
    })

    it('names a bottle of an oil that oxidises soon opened more than six months ago', async () => {
      const user = await createUser(t)
      const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${crypto.randomUUID()}` }))
      const opened = await addBottle(user, {
        oil: 'Bergamot',
        size: 50,
        lotCode: 'BER-9',
        purchasedOn: '2025-01-01',
        openedOn: '2025-02-01',
        bestBefore: addDays(today(), 100),
      })
      const label = (await call(user, 'POST', '/api/labels/preview', lotion(blend.version.id))).json() as Label
      expect(label.lotWarnings).toEqual([
        expect.objectContaining({ bottleId: opened.id, status: 'opened-long-ago', openedOn: '2025-02-01' }),
      ])
    })
  })

  describe('export and import', () => {
    const importAs = (who: TestUser, file: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(file),
      })
    const dates = (list: Bottle[]) => list.map((b) => [b.lotCode, b.openedOn, b.bestBefore]).sort()

    it('carries both dates in version 6, and gives an older file’s bottles none', async () => {
      const maker = await createUser(t)
      await addBottle(maker, { oil: 'Lemon', lotCode: 'L-1', purchasedOn: '2026-01-02', openedOn: '2026-01-05' })
      await addBottle(maker, { oil: 'Lavender', lotCode: 'L-2', purchasedOn: '2026-01-02', bestBefore: null })
      const exported = await call(maker, 'GET', '/api/export')
      expect(exported.statusCode).toBe(200)
      const file = exported.json() as ExportFile
      expect(file.version).toBeGreaterThanOrEqual(6)
      expect(file.shelf.map((b) => [b.lotCode, b.openedOn, b.bestBefore]).sort()).toEqual([
        ['L-1', '2026-01-05', '2027-01-02'],
        ['L-2', null, null],
      ])

      const again = await createUser(t)
      expect((await importAs(again, file)).statusCode).toBe(201)
      expect(dates(await listed(again))).toEqual(dates(await listed(maker)))

      // A version 5 file has no dates: the bottles get none, not one from the oil's shelf life.
      const older = structuredClone(file) as ExportFile & { shelf: Record<string, unknown>[] }
      older.version = 5 as never
      for (const b of older.shelf) {
        delete b.openedOn
        delete b.bestBefore
      }
      const fresh = await createUser(t)
      const res = await importAs(fresh, older)
      expect(res.statusCode, res.body).toBe(201)
      expect(dates(await listed(fresh))).toEqual([
        ['L-1', null, null],
        ['L-2', null, null],
      ])
    })
  })
})
