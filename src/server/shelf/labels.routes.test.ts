import { describe, expect, it } from 'vitest'
import type { AllergenList, BatchLabelAnswer, BottleDeclaration, DeclarationAnswer, Label } from '#shared/api/labels.ts'
import { LABEL_NOTICE } from '#shared/api/labels.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BatchList, Bottle, BottleList, CreateBottle } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('allergen labels on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const addBottle = async (who: TestUser, body: Partial<CreateBottle> & { oil: string }) => {
    const { oil, ...rest } = body
    const res = await call(who, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 100, ...rest })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const declare = async (who: TestUser, bottleId: number, body: unknown) =>
    call(who, 'PUT', `/api/shelf/bottles/${bottleId}/declaration`, body)
  const linalool30 = { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] }
  /** A blend of Bergamot 30 / Lavender 50 / Atlas Cedarwood 20. */
  const maker = async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
    return { user, blend }
  }
  const lotion = (versionId: number, extra: object = {}) => ({
    versionId,
    productType: 'lotion',
    weight: 1000,
    unit: 'g',
    oilPercentage: 2,
    ...extra,
  })
  const entry = (label: Label, id: string) => [...label.declared, ...label.belowThreshold].find((a) => a.entryId === id)

  describe('the allergen list', () => {
    it('is public, lists the 81 entries with their source, and answers 304 to its ETag', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/allergens' })
      expect(res.statusCode).toBe(200)
      const list = res.json() as AllergenList
      expect(list.count).toBe(81)
      expect(list.items).toHaveLength(81)
      expect(list.source).toMatch(/2023\/1545/)
      expect(list.items.find((e) => e.id === 'linalool')).toMatchObject({ inci: 'Linalool', cas: ['78-70-6'], kind: 'substance' })
      const again = await t.app.inject({ method: 'GET', url: '/api/allergens', headers: { 'if-none-match': String(res.headers.etag) } })
      expect(again.statusCode).toBe(304)
    })

    it('gives the catalog oils their INCI names and annex entries', async () => {
      expect(oils.Bergamot).toMatchObject({
        inciName: 'Citrus Aurantium Bergamia Peel Oil',
        annexEntryId: 'citrus-aurantium-bergamia-peel-oil',
      })
      expect(oils['Ylang Ylang']).toMatchObject({ inciName: 'Cananga Odorata Flower Oil', annexEntryId: 'cananga-odorata-oil-extract' })
      expect(oils['Tea Tree']).toMatchObject({ inciName: 'Melaleuca Alternifolia Leaf Oil', annexEntryId: null })
    })
  })

  describe('declarations', () => {
    it('are stored per bottle, replaced by a new PUT, shown on the shelf as a count, and removed', async () => {
      const user = await createUser(t)
      const lot1 = await addBottle(user, { oil: 'Lavender', lotCode: 'L1' })
      const lot2 = await addBottle(user, { oil: 'Lavender', lotCode: 'L2' })
      expect(lot1.declaredAllergens).toBeNull()
      expect((await call(user, 'GET', `/api/shelf/bottles/${lot1.id}/declaration`)).json()).toEqual({ declaration: null })

      const put = await declare(user, lot1.id, {
        basis: 'w/w',
        items: [
          { entryId: 'linalool', percent: 32.5 },
          { entryId: 'limonene', percent: 0.4 },
        ],
      })
      expect(put.statusCode, put.body).toBe(200)
      const saved = put.json() as BottleDeclaration
      expect(saved).toMatchObject({
        bottleId: lot1.id,
        basis: 'w/w',
        items: [
          { entryId: 'linalool', percent: 32.5 },
          { entryId: 'limonene', percent: 0.4 },
        ],
      })
      expect((await call(user, 'GET', `/api/shelf/bottles/${lot1.id}/declaration`)).json()).toEqual({
        declaration: saved,
      } satisfies DeclarationAnswer)
      // The same body again: the same declaration (PUT is idempotent).
      const same = (
        await declare(user, lot1.id, {
          basis: 'w/w',
          items: [
            { entryId: 'linalool', percent: 32.5 },
            { entryId: 'limonene', percent: 0.4 },
          ],
        })
      ).json() as BottleDeclaration
      expect(same.items).toEqual(saved.items)
      // Per lot: the other bottle of the same oil has its own.
      expect((await declare(user, lot2.id, { basis: 'w/v', items: [{ entryId: 'linalool', percent: 25 }] })).statusCode).toBe(200)
      const list = (await call(user, 'GET', '/api/shelf/bottles')).json() as BottleList
      expect(list.items.map((b) => [b.lotCode, b.declaredAllergens])).toEqual([
        ['L1', 2],
        ['L2', 1],
      ])
      const patched = await call(user, 'PATCH', `/api/shelf/bottles/${lot1.id}`, { supplier: 'Aroma Co' })
      expect((patched.json() as Bottle).declaredAllergens).toBe(2)

      expect((await call(user, 'DELETE', `/api/shelf/bottles/${lot1.id}/declaration`)).statusCode).toBe(204)
      expect((await call(user, 'GET', `/api/shelf/bottles/${lot1.id}/declaration`)).json()).toEqual({ declaration: null })
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${lot1.id}/declaration`)).statusCode).toBe(204)
      // Deleting the bottle takes its declaration with it.
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${lot2.id}`)).statusCode).toBe(204)
      const rows = await t.db.kysely.selectFrom('bottle_declarations').select('bottle_id').where('user_id', '=', user.userId).execute()
      expect(rows).toEqual([])
    })

    it('saves a declaration of no Annex III allergen, shows it on the shelf as none, and keeps an upper limit as given', async () => {
      const user = await createUser(t)
      const cedar = await addBottle(user, { oil: 'Atlas Cedarwood', lotCode: 'CED-1' })
      const put = await declare(user, cedar.id, { basis: 'w/w', items: [], declaresNone: true })
      expect(put.statusCode, put.body).toBe(200)
      expect(put.json()).toMatchObject({ bottleId: cedar.id, items: [], declaresNone: true })
      expect(
        ((await call(user, 'GET', `/api/shelf/bottles/${cedar.id}/declaration`)).json() as DeclarationAnswer).declaration,
      ).toMatchObject({ items: [], declaresNone: true })
      expect(((await call(user, 'GET', '/api/shelf/bottles')).json() as BottleList).items[0]!.declaredAllergens).toBe(0)
      // Replaced by a sheet that lists allergens: no longer a declaration of none. An upper limit stays marked as one.
      const frankincense = {
        basis: 'w/w',
        items: [
          { entryId: 'limonene', percent: 12 },
          { entryId: 'pinene', percent: 35, upTo: true },
          { entryId: 'linalool', percent: 0.5, upTo: true },
        ],
      }
      const listed = await declare(user, cedar.id, frankincense)
      expect(listed.statusCode, listed.body).toBe(200)
      expect(listed.json()).toMatchObject({ declaresNone: false, items: frankincense.items })
      expect(
        ((await call(user, 'GET', `/api/shelf/bottles/${cedar.id}/declaration`)).json() as DeclarationAnswer).declaration?.items,
      ).toEqual(frankincense.items)
      expect(((await call(user, 'GET', '/api/shelf/bottles')).json() as BottleList).items[0]!.declaredAllergens).toBe(3)
    })

    it('answers 404 for another user’s bottle, and leaves it as it was', async () => {
      const [a, b] = [await createUser(t), await createUser(t)]
      const bottle = await addBottle(a, { oil: 'Lavender' })
      expect((await declare(a, bottle.id, linalool30)).statusCode).toBe(200)
      expect((await call(b, 'GET', `/api/shelf/bottles/${bottle.id}/declaration`)).statusCode).toBe(404)
      expect((await declare(b, bottle.id, { basis: 'w/w', items: [{ entryId: 'limonene', percent: 1 }] })).statusCode).toBe(404)
      expect((await call(b, 'DELETE', `/api/shelf/bottles/${bottle.id}/declaration`)).statusCode).toBe(404)
      expect(
        ((await call(a, 'GET', `/api/shelf/bottles/${bottle.id}/declaration`)).json() as DeclarationAnswer).declaration?.items,
      ).toEqual(linalool30.items)
    })

    it.each([
      [
        'an entry listed twice',
        {
          basis: 'w/w',
          items: [
            { entryId: 'linalool', percent: 1 },
            { entryId: 'linalool', percent: 2 },
          ],
        },
        /listed once/,
      ],
      [
        'percentages over 100',
        {
          basis: 'w/w',
          items: [
            { entryId: 'linalool', percent: 60 },
            { entryId: 'limonene', percent: 41 },
          ],
        },
        /total at most 100/,
      ],
      ['an unknown entry', { basis: 'w/w', items: [{ entryId: 'unobtainium', percent: 1 }] }, /entryId/],
      ['no items', { basis: 'w/w', items: [] }, /List at least one allergen, or declare that the oil holds no Annex III allergen/],
      [
        'no allergen declared beside a list of them',
        { basis: 'w/w', items: [{ entryId: 'linalool', percent: 1 }], declaresNone: true },
        /lists none/,
      ],
      ['upTo other than true', { basis: 'w/w', items: [{ entryId: 'linalool', percent: 1, upTo: false }] }, /upTo/],
      ['a zero percentage', { basis: 'w/w', items: [{ entryId: 'linalool', percent: 0 }] }, /greater than 0/],
      ['another basis', { basis: 'v/v', items: [{ entryId: 'linalool', percent: 1 }] }, /basis/],
      [
        'w/v above what 100 mL of the oil weighs',
        {
          basis: 'w/v',
          items: [
            { entryId: 'linalool', percent: 60 },
            { entryId: 'limonene', percent: 39 },
          ],
        },
        /w\/v declaration of this oil totals at most/,
      ],
    ])('refuses %s', async (_what, body, message) => {
      const user = await createUser(t)
      const bottle = await addBottle(user, { oil: 'Lavender' })
      const res = await declare(user, bottle.id, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
      expect(res.body).toMatch(message)
      expect((await call(user, 'GET', `/api/shelf/bottles/${bottle.id}/declaration`)).json()).toEqual({ declaration: null })
    })
  })

  describe('the label preview', () => {
    it('computes the label from the shelf as Mark as made would draw it, and writes nothing', async () => {
      const { user, blend } = await maker()
      const lavender = await addBottle(user, { oil: 'Lavender', lotCode: 'LAV-7', supplier: 'Aroma Co' })
      const bergamot = await addBottle(user, { oil: 'Bergamot', lotCode: 'BER-1' })
      expect((await declare(user, lavender.id, linalool30)).statusCode).toBe(200)

      const res = await call(
        user,
        'POST',
        '/api/labels/preview',
        lotion(blend.version.id, {
          base: [
            { inci: 'Aqua', percent: 80 },
            { inci: 'Glycerin', percent: 5 },
          ],
        }),
      )
      expect(res.statusCode, res.body).toBe(200)
      const label = res.json() as Label
      expect(label).toMatchObject({
        productType: 'lotion',
        use: 'leave-on',
        thresholdPercent: 0.001,
        productGrams: 1000,
        oilPercentage: 2,
        fragranceAs: 'inci',
        notice: LABEL_NOTICE,
      })
      // 20 g of oil: bergamot 6 g, lavender 10 g, cedarwood 4 g.
      expect(entry(label, 'linalool')!.percent).toBeCloseTo(0.3, 9)
      expect(entry(label, 'linalool')!.sources).toEqual([
        { oilId: oils.Lavender!.id, oilName: 'Lavender', bottleId: lavender.id, lotCode: 'LAV-7', percent: expect.closeTo(0.3, 9) },
      ])
      expect(entry(label, 'citrus-aurantium-bergamia-peel-oil')).toMatchObject({ fromRecipe: true, percent: expect.closeTo(0.6, 9) })
      expect(entry(label, 'cedrus-atlantica-oil-extract')).toMatchObject({
        fromRecipe: true,
        inci: 'Cedrus Atlantica Bark Oil',
        percent: expect.closeTo(0.4, 9),
      })
      expect(label.complete).toBe(false)
      expect(label.missing).toEqual([
        {
          oilId: oils.Bergamot!.id,
          oilName: 'Bergamot',
          bottleId: bergamot.id,
          lotCode: 'BER-1',
          supplier: null,
          grams: expect.closeTo(6, 9),
          reason: 'no-declaration',
        },
        {
          oilId: oils['Atlas Cedarwood']!.id,
          oilName: 'Atlas Cedarwood',
          bottleId: null,
          lotCode: null,
          supplier: null,
          grams: expect.closeTo(4, 9),
          reason: 'not-on-shelf',
        },
      ])
      expect(label.ingredientText).toBe(
        'Aqua, Glycerin, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Cedrus Atlantica Bark Oil, Linalool',
      )
      // Nothing was taken from the shelf, and no batch was recorded.
      const shelf = (await call(user, 'GET', '/api/shelf/bottles')).json() as BottleList
      expect(shelf.items.map((b) => b.remaining)).toEqual([100, 100])
      expect(((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items).toEqual([])
    })

    it('refuses a home product (422), another user’s version (404) and a base that leaves no room (400)', async () => {
      const { user, blend } = await maker()
      const other = await createUser(t)
      const home = await call(user, 'POST', '/api/labels/preview', lotion(blend.version.id, { productType: 'candles' }))
      expect(home.statusCode).toBe(422)
      expect(home.json().error.code).toBe('NOT_A_COSMETIC')
      const theirs = await call(other, 'POST', '/api/labels/preview', lotion(blend.version.id))
      expect(theirs.statusCode).toBe(404)
      const full = await call(user, 'POST', '/api/labels/preview', lotion(blend.version.id, { base: [{ inci: 'Aqua', percent: 99 }] }))
      expect(full.statusCode).toBe(400)
      expect(full.body).toMatch(/total at most 100%/)
    })
  })

  describe('the label saved with a batch', () => {
    const made = async (user: TestUser, blendId: number, productType = 'lotion') => {
      const res = await call(user, 'POST', `/api/blends/${blendId}/batches`, {
        madeOn: '2026-11-20',
        productType,
        weight: 1000,
        unit: 'g',
        oilPercentage: 2,
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json() as Batch
    }

    it('is computed from the batch’s draws, saved, read back, and shown in the batch list', async () => {
      const { user, blend } = await maker()
      const lavender = await addBottle(user, { oil: 'Lavender', lotCode: 'LAV-7' })
      await addBottle(user, { oil: 'Bergamot' })
      await addBottle(user, { oil: 'Atlas Cedarwood' })
      expect((await declare(user, lavender.id, linalool30)).statusCode).toBe(200)
      const batch = await made(user, blend.id)
      expect(batch.label).toBeNull()
      expect((await call(user, 'GET', `/api/blends/${blend.id}/batches/${batch.id}/label`)).json()).toEqual({
        label: null,
      } satisfies BatchLabelAnswer)

      const put = await call(user, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, { fragranceAs: 'parfum' })
      expect(put.statusCode, put.body).toBe(200)
      const label = put.json() as Label
      expect(entry(label, 'linalool')!.percent).toBeCloseTo(0.3, 9)
      // As Parfum, the whole oils the annex names are appended by INCI name with the other allergens.
      expect(label.ingredientText).toBe(
        'Parfum, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Cedrus Atlantica Bark Oil, Linalool',
      )
      expect(label.missing.map((m) => m.reason)).toEqual(['no-declaration', 'no-declaration'])
      expect((await call(user, 'GET', `/api/blends/${blend.id}/batches/${batch.id}/label`)).json()).toEqual({ label })
      const list = (await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList
      expect(list.items[0]!.label).toEqual({ savedAt: label.computedAt, complete: false, declared: label.declared.map((a) => a.inci) })

      // A bottle deleted since the batch: its draw counts as missing.
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${lavender.id}`)).statusCode).toBe(204)
      const again = (await call(user, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, {})).json() as Label
      expect(entry(again, 'linalool')).toBeUndefined()
      expect(again.missing.find((m) => m.oilId === oils.Lavender!.id)).toMatchObject({ bottleId: null, reason: 'bottle-deleted' })

      // Undoing the batch takes its label with it.
      expect((await call(user, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
      expect(await t.db.kysely.selectFrom('batch_labels').select('batch_id').where('user_id', '=', user.userId).execute()).toEqual([])
    })

    it('is complete when every bottle drawn is declared, one of them as holding no Annex III allergen, and uses an upper limit as given', async () => {
      const { user, blend } = await maker()
      const lavender = await addBottle(user, { oil: 'Lavender' })
      const bergamot = await addBottle(user, { oil: 'Bergamot' })
      const cedar = await addBottle(user, { oil: 'Atlas Cedarwood' })
      expect(
        (
          await declare(user, lavender.id, {
            basis: 'w/w',
            items: [
              { entryId: 'linalool', percent: 30 },
              { entryId: 'pinene', percent: 0.5, upTo: true },
            ],
          })
        ).statusCode,
      ).toBe(200)
      expect((await declare(user, bergamot.id, { basis: 'w/w', items: [{ entryId: 'limonene', percent: 40 }] })).statusCode).toBe(200)
      // Before the cedarwood's sheet is entered, the label is incomplete for it.
      const before = (await call(user, 'POST', '/api/labels/preview', lotion(blend.version.id))).json() as Label
      expect(before.complete).toBe(false)
      expect(before.missing.map((m) => [m.oilName, m.reason])).toEqual([['Atlas Cedarwood', 'no-declaration']])
      // The Cedarwood "none" sheet.
      expect((await declare(user, cedar.id, { basis: 'w/w', items: [], declaresNone: true })).statusCode).toBe(200)
      const batch = await made(user, blend.id)
      const put = await call(user, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, {})
      expect(put.statusCode, put.body).toBe(200)
      const label = put.json() as Label
      expect(label.complete).toBe(true)
      expect(label.missing).toEqual([])
      // 10 g of lavender in 1000 g at "max 0.5 %" pinene: 0.005 %, above the leave-on threshold, so declared at the limit.
      expect(label.declared.find((a) => a.entryId === 'pinene')!.percent).toBeCloseTo(0.005, 9)
      // The cedarwood oil itself is still an annex entry, counted from the recipe.
      expect(entry(label, 'cedrus-atlantica-oil-extract')).toMatchObject({ fromRecipe: true })
      const list = (await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList
      expect(list.items[0]!.label?.complete).toBe(true)
    })

    it('needs a product type when the batch’s is not one of the guide, and refuses home products', async () => {
      const { user, blend } = await maker()
      const other = await made(user, blend.id, 'Soap')
      const unknown = await call(user, 'PUT', `/api/blends/${blend.id}/batches/${other.id}/label`, {})
      expect(unknown.statusCode).toBe(422)
      expect(unknown.json().error.code).toBe('UNKNOWN_PRODUCT_TYPE')
      const named = await call(user, 'PUT', `/api/blends/${blend.id}/batches/${other.id}/label`, { productType: 'cold-process-soap' })
      expect(named.statusCode, named.body).toBe(200)
      expect((named.json() as Label).use).toBe('rinse-off')
      const candle = await made(user, blend.id, 'candles')
      const home = await call(user, 'PUT', `/api/blends/${blend.id}/batches/${candle.id}/label`, {})
      expect(home.statusCode).toBe(422)
      expect(home.json().error.code).toBe('NOT_A_COSMETIC')
      const over = await call(user, 'PUT', `/api/blends/${blend.id}/batches/${other.id}/label`, {
        productType: 'lotion',
        base: [{ inci: 'Aqua', percent: 99 }],
      })
      expect(over.statusCode).toBe(400)
    })

    it('answers 404 for another user’s batch or a batch of another blend', async () => {
      const { user, blend } = await maker()
      const batch = await made(user, blend.id)
      const second = await createBlend(t, user, blendBody(oils, { name: `Other ${Math.random()}` }))
      const stranger = await createUser(t)
      expect((await call(stranger, 'GET', `/api/blends/${blend.id}/batches/${batch.id}/label`)).statusCode).toBe(404)
      expect((await call(stranger, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, {})).statusCode).toBe(404)
      expect((await call(user, 'GET', `/api/blends/${second.id}/batches/${batch.id}/label`)).statusCode).toBe(404)
      expect((await call(user, 'GET', `/api/blends/${blend.id}/batches/${batch.id}/label`)).json()).toEqual({ label: null })
    })
  })
})
