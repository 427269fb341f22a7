import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BatchList, Bottle, BottleList, CreateBottle, ShelfOilList } from '#shared/api/shelf.ts'
import { calculateBatch } from '#shared/domain/calculator.ts'
import { addDays, todayIn } from '#shared/domain/calendar-date.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('the oil shelf on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who.token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const addBottle = async (who: TestUser, body: Partial<CreateBottle> & { oil: string }) => {
    const { oil, ...rest } = body
    const res = await call(who, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 10, ...rest })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const bottle = async (who: TestUser, id: number) => {
    const res = await call(who, 'GET', '/api/shelf/bottles?limit=200')
    return (res.json() as BottleList).items.find((b) => b.id === id)
  }
  const shelfOils = async (who: TestUser) => (await call(who, 'GET', '/api/shelf/oils')).json() as ShelfOilList

  describe('settings', () => {
    it('has no currency until the user chooses one, then keeps theirs only', async () => {
      const [a, b] = [await createUser(t), await createUser(t)]
      expect((await call(a, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: null })
      const put = await call(a, 'PUT', '/api/me/settings', { currency: 'EUR' })
      expect(put.statusCode, put.body).toBe(200)
      expect(put.json()).toEqual({ currency: 'EUR', language: null })
      expect((await call(a, 'PUT', '/api/me/settings', { currency: 'JPY' })).json()).toEqual({ currency: 'JPY', language: null })
      expect((await call(a, 'GET', '/api/me/settings')).json()).toEqual({ currency: 'JPY', language: null })
      expect((await call(b, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: null })
      expect((await shelfOils(a)).currency).toBe('JPY')
    })

    it.each([['XYZ'], ['eur'], ['EURO'], [''], [42]])('refuses %j as a currency', async (currency) => {
      const user = await createUser(t)
      const res = await call(user, 'PUT', '/api/me/settings', { currency })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
      expect(res.json().error.details[0].path).toBe('body.currency')
      expect((await call(user, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: null })
    })

    it('keeps the account’s language (decision 088) apart from the currency, and forgets it with null', async () => {
      const [a, b] = [await createUser(t), await createUser(t)]
      const put = await call(a, 'PUT', '/api/me/settings', { language: 'de' })
      expect(put.statusCode, put.body).toBe(200)
      expect(put.json()).toEqual({ currency: null, language: 'de' })
      expect((await call(a, 'PUT', '/api/me/settings', { currency: 'EUR' })).json()).toEqual({ currency: 'EUR', language: 'de' })
      expect((await call(a, 'PUT', '/api/me/settings', { language: 'fr', currency: 'GBP' })).json()).toEqual({
        currency: 'GBP',
        language: 'fr',
      })
      expect((await call(b, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: null })
      expect((await call(a, 'PUT', '/api/me/settings', { language: null })).json()).toEqual({ currency: 'GBP', language: null })
      expect((await call(a, 'GET', '/api/me/settings')).json()).toEqual({ currency: 'GBP', language: null })
    })

    it.each([['de-AT'], ['DE'], ['xx'], [''], [7], ['en-GB'], ['qps']])(
      'refuses %j as a language and keeps the one chosen',
      async (language) => {
        const user = await createUser(t)
        await call(user, 'PUT', '/api/me/settings', { language: 'it' })
        const res = await call(user, 'PUT', '/api/me/settings', { language })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.code).toBe('VALIDATION_ERROR')
        expect(res.json().error.details[0].path).toBe('body.language')
        expect((await call(user, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: 'it' })
      },
    )

    it.each([[{}], [{ language: 'de', theme: 'dark' }]])('refuses %j: nothing to change, or a field it does not know', async (body) => {
      const user = await createUser(t)
      const res = await call(user, 'PUT', '/api/me/settings', body)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
      expect((await call(user, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: null })
    })
  })

  describe('bottles', () => {
    it('adds a full bottle in mL and one in grams converted with the oil’s density', async () => {
      const user = await createUser(t)
      const full = await addBottle(user, { oil: 'Lavender', size: 15, price: 9.5, supplier: '  Aroma Co  ', purchasedOn: '2026-01-10' })
      expect(full).toMatchObject({
        oilName: 'Lavender',
        oilSlug: oils.Lavender!.slug,
        unit: 'mL',
        size: 15,
        remaining: 15,
        sizeMl: 15,
        remainingMl: 15,
      })
      expect(full).toMatchObject({ price: 9.5, supplier: 'Aroma Co', lotCode: null, purchasedOn: '2026-01-10' })
      const density = oils.Bergamot!.densityGPerMl
      const grams = await addBottle(user, { oil: 'Bergamot', unit: 'g', size: 100, remaining: 40, lotCode: 'L-7' })
      expect(grams).toMatchObject({ unit: 'g', size: 100, remaining: 40, price: null, lotCode: 'L-7' })
      expect(grams.sizeMl).toBeCloseTo(100 / density, 9)
      expect(grams.remainingMl).toBeCloseTo(40 / density, 9)
    })

    it('refuses an oil the catalog lacks, an amount left above the size, and unknown fields', async () => {
      const user = await createUser(t)
      const unknown = await call(user, 'POST', '/api/shelf/bottles', { oilId: 999_999, unit: 'mL', size: 10 })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.oilId', message: 'No oil in the catalog has id 999999' }],
      })
      const over = await call(user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 10, remaining: 11 })
      expect(over.statusCode).toBe(400)
      expect(over.json().error.details[0].path).toBe('body.remaining')
      const extra = await call(user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 10, userId: 'x' })
      expect(extra.statusCode).toBe(400)
      expect((await call(user, 'GET', '/api/shelf/bottles')).json()).toEqual({ items: [], nextCursor: null })
    })

    it('updates the fields sent, keeps the amount left within the size, and deletes', async () => {
      const user = await createUser(t)
      const b = await addBottle(user, { oil: 'Lemon', size: 30, price: 6 })
      const patched = await call(user, 'PATCH', `/api/shelf/bottles/${b.id}`, { remaining: 12.5, price: null, supplier: 'Market' })
      expect(patched.statusCode, patched.body).toBe(200)
      expect(patched.json()).toMatchObject({ id: b.id, size: 30, remaining: 12.5, remainingMl: 12.5, price: null, supplier: 'Market' })
      const shrink = await call(user, 'PATCH', `/api/shelf/bottles/${b.id}`, { size: 10 })
      expect(shrink.statusCode).toBe(400)
      expect(shrink.json().error.details[0]).toEqual({
        path: 'body.remaining',
        message: 'The amount left cannot be more than the bottle holds',
      })
      expect((await call(user, 'PATCH', `/api/shelf/bottles/${b.id}`, {})).statusCode).toBe(400)
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${b.id}`)).statusCode).toBe(204)
      expect(await bottle(user, b.id)).toBeUndefined()
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${b.id}`)).statusCode).toBe(404)
    })

    it('answers 404 for another user’s bottle and leaves it as it was', async () => {
      const [owner, other] = [await createUser(t), await createUser(t)]
      const b = await addBottle(owner, { oil: 'Lemon', size: 30 })
      expect((await call(other, 'PATCH', `/api/shelf/bottles/${b.id}`, { remaining: 1 })).statusCode).toBe(404)
      expect((await call(other, 'DELETE', `/api/shelf/bottles/${b.id}`)).statusCode).toBe(404)
      expect((await call(other, 'GET', '/api/shelf/bottles')).json()).toEqual({ items: [], nextCursor: null })
      expect(await bottle(owner, b.id)).toMatchObject({ remaining: 30 })
    })

    it('pages bottles by oil name, then purchase date (undated last), then id', async () => {
      const user = await createUser(t)
      const made = [
        await addBottle(user, { oil: 'Lemon', purchasedOn: '2026-03-01' }),
        await addBottle(user, { oil: 'Lavender' }),
        await addBottle(user, { oil: 'Lavender', purchasedOn: '2026-02-01' }),
        await addBottle(user, { oil: 'Bergamot', purchasedOn: '2026-05-01' }),
        await addBottle(user, { oil: 'Lavender', purchasedOn: '2025-12-24' }),
      ]
      const seen: Bottle[] = []
      let cursor: string | null = null
      do {
        const res = await call(user, 'GET', `/api/shelf/bottles?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        expect(res.statusCode, res.body).toBe(200)
        const page = res.json() as BottleList
        expect(page.items.length).toBeLessThanOrEqual(2)
        seen.push(...page.items)
        cursor = page.nextCursor
      } while (cursor)
      expect(seen.map((b) => b.id)).toEqual([made[3]!.id, made[4]!.id, made[2]!.id, made[1]!.id, made[0]!.id])
      const lavender = (await call(user, 'GET', `/api/shelf/bottles?oilId=${oils.Lavender!.id}`)).json() as BottleList
      expect(lavender.items.map((b) => b.oilName)).toEqual(['Lavender', 'Lavender', 'Lavender'])
      expect((await call(user, 'GET', '/api/shelf/bottles?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400)
    })

    it('adds one bottle for one Idempotency-Key, however often the request is sent', async () => {
      const user = await createUser(t)
      const body = { oilId: oils.Lavender!.id, unit: 'mL', size: 10, price: 4 }
      const headers = { 'idempotency-key': 'bottle-intent-1' }
      const first = await call(user, 'POST', '/api/shelf/bottles', body, headers)
      const again = await call(user, 'POST', '/api/shelf/bottles', body, headers)
      expect(first.statusCode).toBe(201)
      expect(again.statusCode).toBe(201)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json()).toEqual(first.json())
      expect(((await call(user, 'GET', '/api/shelf/bottles')).json() as BottleList).items).toHaveLength(1)
      expect((await call(user, 'POST', '/api/shelf/bottles', { ...body, size: 20 }, headers)).statusCode).toBe(422)
    })
  })

  describe('the per-oil summary', () => {
    it('weights each priced bottle’s price per mL by what is left in it, skipping empty and unpriced bottles', async () => {
      const user = await createUser(t)
      await addBottle(user, { oil: 'Lavender', size: 10, remaining: 10, price: 10 }) // 1.00 per mL, 10 mL left
      await addBottle(user, { oil: 'Lavender', size: 10, remaining: 5, price: 30 }) // 3.00 per mL, 5 mL left
      await addBottle(user, { oil: 'Lavender', size: 10, remaining: 0, price: 1000 }) // empty: does not count
      await addBottle(user, { oil: 'Lavender', size: 10, remaining: 4, price: null }) // unpriced: mL count, cost not
      await addBottle(user, { oil: 'Lemon', size: 10, price: null })
      const { items } = await shelfOils(user)
      expect(items).toEqual([
        {
          oilId: oils.Lavender!.id,
          oilSlug: oils.Lavender!.slug,
          oilName: 'Lavender',
          bottleCount: 4,
          remainingMl: 19,
          costPerMl: expect.closeTo((10 + 15) / 15, 12),
          ageingLots: [],
        },
        {
          oilId: oils.Lemon!.id,
          oilSlug: oils.Lemon!.slug,
          oilName: 'Lemon',
          bottleCount: 1,
          remainingMl: 10,
          costPerMl: null,
          ageingLots: [],
        },
      ])
    })
  })

  describe('batches', () => {
    /** A blend of Bergamot 30 / Lavender 50 / Atlas Cedarwood 20, and a user with EUR. */
    const maker = async () => {
      const user = await createUser(t)
      await call(user, 'PUT', '/api/me/settings', { currency: 'EUR' })
      const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
      return { user, blend }
    }
    const batchBody = { madeOn: '2026-11-20', productType: 'Soap', weight: 1000, unit: 'g', oilPercentage: 3, units: 10 }
    const expected = (weight: number, pct: number) =>
      calculateBatch({
        weight,
        unit: 'g',
        oilPercentage: pct,
        oils: [
          { id: oils.Bergamot!.id, name: 'Bergamot', layer: 'Top', percentage: 30, densityGPerMl: oils.Bergamot!.densityGPerMl },
          { id: oils.Lavender!.id, name: 'Lavender', layer: 'Middle', percentage: 50, densityGPerMl: oils.Lavender!.densityGPerMl },
          {
            id: oils['Atlas Cedarwood']!.id,
            name: 'Atlas Cedarwood',
            layer: 'Base',
            percentage: 20,
            densityGPerMl: oils['Atlas Cedarwood']!.densityGPerMl,
          },
        ],
      }).rows

    it('works out the amounts itself, prices them, takes them from the shelf oldest bottle first, and undo puts back exactly', async () => {
      const { user, blend } = await maker()
      const older = await addBottle(user, { oil: 'Lavender', size: 10, remaining: 3.333, price: 20, purchasedOn: '2025-01-01' })
      const newer = await addBottle(user, { oil: 'Lavender', size: 50, price: 50, purchasedOn: '2026-01-01' })
      const grams = await addBottle(user, { oil: 'Bergamot', unit: 'g', size: 100, price: null })
      const before = await Promise.all([older, newer, grams].map((b) => bottle(user, b.id)))
      const rows = expected(1000, 3)

      const res = await call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody)
      expect(res.statusCode, res.body).toBe(201)
      const batch = res.json() as Batch
      expect(batch).toMatchObject({
        projectId: blend.id,
        versionId: blend.version.id,
        reference: blend.version.referenceNumber,
        madeOn: '2026-11-20',
      })
      expect(batch).toMatchObject({ productType: 'Soap', weight: 1000, unit: 'g', oilPercentage: 3, units: 10, currency: 'EUR' })
      const lavenderMl = rows[1]!.ml
      const lavenderCost = ((20 / 10) * 3.333 + (50 / 50) * 50) / (3.333 + 50)
      expect(batch.oils).toEqual([
        {
          oilId: oils.Bergamot!.id,
          oilName: 'Bergamot',
          grams: expect.closeTo(rows[0]!.grams, 9),
          ml: expect.closeTo(rows[0]!.ml, 9),
          shortMl: 0,
          cost: null,
        },
        {
          oilId: oils.Lavender!.id,
          oilName: 'Lavender',
          grams: expect.closeTo(rows[1]!.grams, 9),
          ml: expect.closeTo(lavenderMl, 9),
          shortMl: 0,
          cost: expect.closeTo(lavenderMl * lavenderCost, 9),
        },
        {
          oilId: oils['Atlas Cedarwood']!.id,
          oilName: 'Atlas Cedarwood',
          grams: expect.closeTo(rows[2]!.grams, 9),
          ml: expect.closeTo(rows[2]!.ml, 9),
          shortMl: expect.closeTo(rows[2]!.ml, 9),
          cost: null,
        },
      ])
      expect(batch.totalCost).toBeCloseTo(lavenderMl * lavenderCost, 9)
      expect(batch.costIsPartial).toBe(true)
      expect(batch.costPerUnit).toBeCloseTo(batch.totalCost! / 10, 9)

      // The older Lavender bottle is emptied first; the rest comes from the newer one.
      expect(await bottle(user, older.id)).toMatchObject({ remaining: 0 })
      expect((await bottle(user, newer.id))!.remainingMl).toBeCloseTo(50 - (lavenderMl - 3.333), 3)
      expect((await bottle(user, grams.id))!.remaining).toBeCloseTo(100 - rows[0]!.grams, 3)

      const list = (await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList
      expect(list).toEqual({ items: [batch], nextCursor: null })

      expect((await call(user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
      const after = await Promise.all([older, newer, grams].map((b) => bottle(user, b.id)))
      expect(after.map((b) => b!.remaining)).toEqual(before.map((b) => b!.remaining))
      expect(((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items).toEqual([])
      expect((await call(user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(404)
    })

    it('makes a named version, takes only what is there on a shortage, and records the rest as short', async () => {
      const { user, blend } = await maker()
      const v2 = await call(user, 'POST', '/api/blend-versions', versionBody(oils, blend.id))
      const lemon = await addBottle(user, { oil: 'Lemon', size: 1, price: 5 })
      const res = await call(user, 'POST', `/api/blends/${blend.id}/batches`, { ...batchBody, versionId: v2.json().id, units: null })
      expect(res.statusCode, res.body).toBe(201)
      const batch = res.json() as Batch
      expect(batch.versionId).toBe(v2.json().id)
      const lemonLine = batch.oils.find((o) => o.oilName === 'Lemon')!
      expect(lemonLine.shortMl).toBeCloseTo(lemonLine.ml - 1, 9)
      expect(lemonLine.cost).toBeCloseTo(lemonLine.ml * 5, 9)
      expect(batch).toMatchObject({ totalCost: expect.closeTo(lemonLine.ml * 5, 9), costIsPartial: true, costPerUnit: null })
      expect(await bottle(user, lemon.id)).toMatchObject({ remaining: 0 })
      expect((await call(user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
      expect(await bottle(user, lemon.id)).toMatchObject({ remaining: 1 })
    })

    it('on undo puts nothing back into a deleted bottle, never fills a bottle above its size, and converts a changed unit', async () => {
      const { user, blend } = await maker()
      const gone = await addBottle(user, { oil: 'Lavender', size: 5, price: 1, purchasedOn: '2025-01-01' })
      const kept = await addBottle(user, { oil: 'Lavender', size: 100, price: 1, purchasedOn: '2026-01-01' })
      const cedar = await addBottle(user, { oil: 'Atlas Cedarwood', size: 100, price: 1 })
      const batch = (await call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody)).json() as Batch
      const lavenderMl = batch.oils.find((o) => o.oilName === 'Lavender')!.ml
      const cedarMl = batch.oils.find((o) => o.oilName === 'Atlas Cedarwood')!.ml
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${gone.id}`)).statusCode).toBe(204)
      // The maker recounts the kept bottle as nearly full, and corrects the cedarwood bottle to grams.
      await call(user, 'PATCH', `/api/shelf/bottles/${kept.id}`, { remaining: 99 })
      await call(user, 'PATCH', `/api/shelf/bottles/${cedar.id}`, { unit: 'g' })
      expect((await call(user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
      expect(lavenderMl - 5).toBeGreaterThan(1)
      expect(await bottle(user, kept.id)).toMatchObject({ remaining: 100 })
      const density = oils['Atlas Cedarwood']!.densityGPerMl
      expect((await bottle(user, cedar.id))!.remaining).toBeCloseTo(100 - cedarMl + cedarMl * density, 3)
    })

    it('answers 404 for another user’s blend, batch or version, and changes nothing of theirs', async () => {
      const { user, blend } = await maker()
      const other = await maker()
      const b = await addBottle(user, { oil: 'Lavender', size: 10 })
      expect((await call(other.user, 'POST', `/api/blends/${blend.id}/batches`, batchBody)).statusCode).toBe(404)
      expect((await call(other.user, 'GET', `/api/blends/${blend.id}/batches`)).statusCode).toBe(404)
      const version = await call(other.user, 'POST', `/api/blends/${other.blend.id}/batches`, { ...batchBody, versionId: blend.version.id })
      expect(version.statusCode).toBe(404)
      expect(version.json().error.details[0].path).toBe('body.versionId')
      const batch = (await call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody)).json() as Batch
      const drawn = (await bottle(user, b.id))!.remaining
      expect((await call(other.user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(404)
      expect((await bottle(user, b.id))!.remaining).toBe(drawn)
      expect(((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items).toHaveLength(1)
    })

    it('records one batch and draws once for one Idempotency-Key', async () => {
      const { user, blend } = await maker()
      const b = await addBottle(user, { oil: 'Lavender', size: 100 })
      const headers = { 'idempotency-key': 'made-it-once' }
      const first = await call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody, headers)
      const again = await call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody, headers)
      expect(first.statusCode).toBe(201)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json()).toEqual(first.json())
      const lavenderMl = (first.json() as Batch).oils.find((o) => o.oilName === 'Lavender')!.ml
      expect((await bottle(user, b.id))!.remaining).toBeCloseTo(100 - lavenderMl, 3)
      expect(((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items).toHaveLength(1)
    })

    it('never loses a draw when batches are made at once from the same bottles', async () => {
      const { user, blend } = await maker()
      const b = await addBottle(user, { oil: 'Lavender', size: 40 })
      const made = await Promise.all(Array.from({ length: 5 }, () => call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody)))
      // Each is recorded whole, or refused whole when another took the oil between its read and its write.
      for (const res of made) expect([201, 409], res.body).toContain(res.statusCode)
      const recorded = made.filter((r) => r.statusCode === 201).map((r) => r.json() as Batch)
      expect(recorded.length).toBeGreaterThan(0)
      const taken = recorded.reduce(
        (sum, batch) =>
          sum + batch.oils.find((o) => o.oilName === 'Lavender')!.ml - batch.oils.find((o) => o.oilName === 'Lavender')!.shortMl,
        0,
      )
      const left = (await bottle(user, b.id))!.remaining
      expect(left).toBeGreaterThanOrEqual(0)
      expect(left).toBeCloseTo(40 - taken, 2)
      expect(((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items).toHaveLength(recorded.length)
    })

    it('deletes a blend’s batches with the blend and leaves the shelf as the batches left it', async () => {
      const { user, blend } = await maker()
      const b = await addBottle(user, { oil: 'Lavender', size: 100 })
      const batch = (await call(user, 'POST', `/api/blends/${blend.id}/batches`, batchBody)).json() as Batch
      const left = (await bottle(user, b.id))!.remaining
      expect(left).toBeLessThan(100)
      expect((await call(user, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
      expect((await call(user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(404)
      expect((await bottle(user, b.id))!.remaining).toBe(left)
      const draws = await t.db.kysely.selectFrom('batch_draws').select('id').where('user_id', '=', user.userId).execute()
      expect(draws).toEqual([])
    })

    it('pages a blend’s batches newest first', async () => {
      const { user, blend } = await maker()
      const ids: number[] = []
      for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) {
        ids.push(((await call(user, 'POST', `/api/blends/${blend.id}/batches`, { ...batchBody, madeOn: day })).json() as Batch).id)
      }
      const first = (await call(user, 'GET', `/api/blends/${blend.id}/batches?limit=2`)).json() as BatchList
      expect(first.items.map((b) => b.id)).toEqual([ids[2], ids[1]])
      const second = (await call(user, 'GET', `/api/blends/${blend.id}/batches?limit=2&cursor=${first.nextCursor}`)).json() as BatchList
      expect(second).toMatchObject({ items: [{ id: ids[0] }], nextCursor: null })
    })

    it('takes the day it was made, yesterday as well as today, and refuses a day in the future with a clear message', async () => {
      const { user, blend } = await maker()
      const yesterday = todayIn('UTC', new Date(Date.now() - 24 * 60 * 60 * 1000))
      const made = await call(user, 'POST', `/api/blends/${blend.id}/batches`, { ...batchBody, madeOn: yesterday })
      expect(made.statusCode, made.body).toBe(201)
      expect((made.json() as Batch).madeOn).toBe(yesterday)
      // Tomorrow anywhere on Earth is still in the future: refused, and nothing recorded.
      const future = addDays(todayIn('Etc/GMT-14'), 1)
      const res = await call(user, 'POST', `/api/blends/${blend.id}/batches`, { ...batchBody, madeOn: future })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: [{ path: 'body.madeOn', message: "The made date can't be in the future." }] },
      })
      const list = (await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList
      expect(list.items.map((b) => b.madeOn)).toEqual([yesterday])
    })

    it('refuses a batch with a weight, percentage or date out of range', async () => {
      const { user, blend } = await maker()
      for (const bad of [
        { weight: 0 },
        { oilPercentage: 101 },
        { madeOn: '20-11-2026' },
        { unit: 'kg' },
        { units: 0 },
        { productType: '' },
      ]) {
        const res = await call(user, 'POST', `/api/blends/${blend.id}/batches`, { ...batchBody, ...bad })
        expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      }
    })
  })
})
