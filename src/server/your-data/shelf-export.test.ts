import { beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_VERSION, ExportFileSchema, type ExportFile } from '#shared/api/export.ts'
import type { BlendDetails } from '#shared/api/blend-list.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Label } from '#shared/api/labels.ts'
import type { Batch, BatchList, Bottle, BottleList } from '#shared/api/shelf.ts'
import { blendBody, createBlend, exportFileBody } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Export version 2 carries the currency, the shelf and each blend's batches with their draws, and
 * version 3 each bottle's allergen declaration, each batch's saved label and each oil's INCI name;
 * importing it gives another account the same shelf and batches (and an undo that puts back into
 * the imported bottles), once however often it is imported. Version 1 files still import.
 */
describe.each(ENGINES)('the shelf in export and import on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  let maker: TestUser
  let file: ExportFile
  let bottlesBefore: Bottle[]
  let label: Label

  const bottles = async (who: TestUser) => ((await injectAs(t, who, 'GET', '/api/shelf/bottles?limit=200')).json() as BottleList).items
  const batchesOf = async (who: TestUser) => {
    const list = (await injectAs(t, who, 'GET', '/api/blends?sort=reference')).json() as { items: { id: number }[] }
    const pages = await Promise.all(
      list.items.map(async (b) => ((await injectAs(t, who, 'GET', `/api/blends/${b.id}/batches`)).json() as BatchList).items),
    )
    return pages.flat()
  }
  const importAs = (who: TestUser, body: unknown, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/import${query}`,
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  /** What a maker sees, without the ids a new account gives its rows. */
  const shelfView = (list: Bottle[]) => list.map(({ id: _id, ...b }) => b)
  // The IFRA check's lots name bottles by id: the new account's ids there too (compared in ifra-export.test.ts).
  const batchView = (list: Batch[]) =>
    list.map(({ id: _id, projectId: _p, versionId: _v, ifra, ...b }) => ({
      ...b,
      ifra: ifra && { ...ifra, oils: ifra.oils.map((o) => ({ ...o, lots: o.lots.map(({ bottleId: _b, ...l }) => l) })) },
    }))

  useTestApp(engine, (ctx) => ({ t, oils, user: maker } = ctx))
  beforeAll(async () => {
    await injectAs(t, maker, 'PUT', '/api/me/settings', { currency: 'EUR', language: 'fr' })
    const blend = await createBlend(t, maker, blendBody(oils, { name: 'Shelf Soap' }))
    const add = (body: object) => injectAs(t, maker, 'POST', '/api/shelf/bottles', body)
    await add({
      oilId: oils.Lavender!.id,
      unit: 'mL',
      size: 10,
      price: 8,
      supplier: 'Aroma Co',
      lotCode: 'LV-1',
      purchasedOn: '2025-05-01',
    })
    await add({ oilId: oils.Lavender!.id, unit: 'mL', size: 30, price: 18, purchasedOn: '2026-01-01' })
    await add({ oilId: oils.Bergamot!.id, unit: 'g', size: 50, remaining: 20, price: null })
    await add({ oilId: oils.Vetiver!.id, unit: 'mL', size: 5, remaining: 0, price: 12 })
    const [lavender, , bergamot, vetiver] = [...(await bottles(maker))].sort((a, b) => a.id - b.id)
    // Limonene "max 0.5 %" on the lavender's sheet (an upper limit, decision 049); the vetiver's sheet declares no allergen.
    const declared = await injectAs(t, maker, 'PUT', `/api/shelf/bottles/${lavender!.id}/declaration`, {
      basis: 'w/w',
      items: [
        { entryId: 'linalool', percent: 30 },
        { entryId: 'limonene', percent: 0.5, upTo: true },
      ],
    })
    expect(
      (await injectAs(t, maker, 'PUT', `/api/shelf/bottles/${vetiver!.id}/declaration`, { basis: 'w/w', items: [], declaresNone: true }))
        .statusCode,
    ).toBe(200)
    expect(declared.statusCode, declared.body).toBe(200)
    expect(
      (
        await injectAs(t, maker, 'PUT', `/api/shelf/bottles/${bergamot!.id}/declaration`, {
          basis: 'w/v',
          items: [{ entryId: 'limonene', percent: 35 }],
        })
      ).statusCode,
    ).toBe(200)
    bottlesBefore = await bottles(maker)
    const made = await injectAs(t, maker, 'POST', `/api/blends/${blend.id}/batches`, {
      madeOn: '2026-11-22',
      productType: 'Soap',
      weight: 1,
      unit: 'lb',
      oilPercentage: 3,
      units: 8,
    })
    expect(made.statusCode, made.body).toBe(201)
    const labelled = await injectAs(t, maker, 'PUT', `/api/blends/${blend.id}/batches/${(made.json() as Batch).id}/label`, {
      productType: 'cold-process-soap',
      base: [{ inci: 'Sodium Olivate', percent: 70 }],
    })
    expect(labelled.statusCode, labelled.body).toBe(200)
    label = labelled.json() as Label
    file = (await injectAs(t, maker, 'GET', '/api/export')).json() as ExportFile
  })

  it('writes the currency, every bottle as it is now, and each batch with its draws', async () => {
    expect(() => ExportFileSchema.parse(file)).not.toThrow()
    expect(file).toMatchObject({ version: EXPORT_VERSION, settings: { currency: 'EUR', language: 'fr' } })
    // Version 3: the declarations, the saved label, the oils' INCI names.
    expect(file.shelf[0]!.declaration).toMatchObject({
      basis: 'w/w',
      items: [
        { entryId: 'linalool', percent: 30 },
        { entryId: 'limonene', percent: 0.5, upTo: true },
      ],
      declaresNone: false,
    })
    expect(file.shelf[1]!.declaration).toBeNull()
    expect(file.shelf[2]!.declaration).toMatchObject({ basis: 'w/v', items: [{ entryId: 'limonene', percent: 35 }], declaresNone: false })
    expect(file.shelf[3]!.declaration).toMatchObject({ basis: 'w/w', items: [], declaresNone: true })
    expect(file.blends[0]!.batches[0]!.label).toEqual(label)
    expect(file.oils.find((o) => o.slug === oils.Bergamot!.slug)).toEqual({
      slug: oils.Bergamot!.slug,
      name: 'Bergamot',
      inciName: 'Citrus Aurantium Bergamia Peel Oil',
    })
    const now = await bottles(maker)
    expect(file.shelf.map((b) => [b.slug, b.unit, b.size, b.remaining, b.price])).toEqual(
      [...now].sort((a, b) => a.id - b.id).map((b) => [b.oilSlug, b.unit, b.size, b.remaining, b.price]),
    )
    const [batch] = file.blends[0]!.batches
    expect(batch).toMatchObject({
      productType: 'Soap',
      weight: 1,
      unit: 'lb',
      oilPercentage: 3,
      units: 8,
      currency: 'EUR',
      costIsPartial: true,
    })
    expect(batch!.oils.map((o) => o.slug)).toEqual([oils.Bergamot!.slug, oils.Lavender!.slug, oils['Atlas Cedarwood']!.slug])
    // Bergamot from its one bottle, Lavender from the older bottle (enough there); no cedarwood on the shelf.
    expect(batch!.draws.map((d) => d.bottleId)).toEqual([file.shelf[2]!.id, file.shelf[0]!.id])
    expect(file.oils.map((o) => o.slug)).toEqual(expect.arrayContaining([oils.Vetiver!.slug, oils['Atlas Cedarwood']!.slug]))
  })

  it('imports the shelf and batches into a new account as the maker sees them, and undo there puts back into the imported bottles', async () => {
    const fresh = await createUser(t)
    const res = await importAs(fresh, file)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ created: { blends: 1, bottles: 4, batches: 1 }, skipped: { bottles: 0, batches: 0 } })
    // The account's language came too, through the settings keeper (decision 093).
    expect((await injectAs(t, fresh, 'GET', '/api/me/settings')).json()).toEqual({ currency: 'EUR', language: 'fr' })
    expect(shelfView(await bottles(fresh))).toEqual(shelfView(await bottles(maker)))
    const imported = await batchesOf(fresh)
    expect(batchView(imported)).toEqual(batchView(await batchesOf(maker)))
    expect(imported[0]!.reference).toBe('001a')
    // The declarations came too (shelfView compares declaredAllergens), and the label, its bottle ids now the new account's.
    const freshBottles = [...(await bottles(fresh))].sort((a, b) => a.id - b.id)
    const newId = new Map(file.shelf.map((b, i) => [b.id, freshBottles[i]!.id]))
    expect((await injectAs(t, fresh, 'GET', `/api/shelf/bottles/${freshBottles[0]!.id}/declaration`)).json().declaration).toMatchObject({
      basis: 'w/w',
      items: file.shelf[0]!.declaration!.items,
      declaresNone: false,
    })
    expect((await injectAs(t, fresh, 'GET', `/api/shelf/bottles/${freshBottles[3]!.id}/declaration`)).json().declaration).toMatchObject({
      items: [],
      declaresNone: true,
    })
    const importedLabel = (
      (await injectAs(t, fresh, 'GET', `/api/blends/${imported[0]!.projectId}/batches/${imported[0]!.id}/label`)).json() as { label: Label }
    ).label
    const moved = (id: number | null) => (id === null ? null : newId.get(id)!)
    expect(importedLabel).toEqual({
      ...label,
      declared: label.declared.map((a) => ({ ...a, sources: a.sources.map((s) => ({ ...s, bottleId: moved(s.bottleId) })) })),
      belowThreshold: label.belowThreshold.map((a) => ({ ...a, sources: a.sources.map((s) => ({ ...s, bottleId: moved(s.bottleId) })) })),
      missing: label.missing.map((m) => ({ ...m, bottleId: moved(m.bottleId) })),
    })
    expect(label.declared.length + label.belowThreshold.length).toBeGreaterThan(0)
    expect((await injectAs(t, fresh, 'GET', '/api/shelf/oils')).json()).toEqual((await injectAs(t, maker, 'GET', '/api/shelf/oils')).json())

    expect((await injectAs(t, fresh, 'DELETE', `/api/batches/${imported[0]!.id}`)).statusCode).toBe(204)
    expect(shelfView(await bottles(fresh))).toEqual(shelfView(bottlesBefore))
  })

  it('creates nothing twice: the same file again, or the maker’s own export, is skipped', async () => {
    const fresh = await createUser(t)
    expect((await importAs(fresh, file)).statusCode).toBe(201)
    const again = await importAs(fresh, file)
    expect(again.json()).toMatchObject({
      created: { blends: 0, versions: 0, testEntries: 0, bottles: 0, batches: 0 },
      skipped: { blends: 1, bottles: 4, batches: 1 },
    })
    expect(await bottles(fresh)).toHaveLength(4)
    expect(await batchesOf(fresh)).toHaveLength(1)
    const own = await importAs(maker, file)
    expect(own.json()).toMatchObject({ created: { blends: 0, bottles: 0, batches: 0 }, skipped: { bottles: 4, batches: 1 } })
    expect(await bottles(maker)).toHaveLength(4)
  })

  it('an import that brings only batches changes what GET /api/blends/details answers (decision 055)', async () => {
    const fresh = await createUser(t)
    expect((await importAs(fresh, file)).statusCode).toBe(201)
    const [batch] = await batchesOf(fresh)
    const details = async () =>
      ((await injectAs(t, fresh, 'GET', `/api/blends/details?ids=${batch!.projectId}`)).json() as BlendDetails).items[0]!.batches.items.map(
        (b) => b.code,
      )
    expect(await details()).toEqual([batch!.code])
    expect((await injectAs(t, fresh, 'DELETE', `/api/batches/${batch!.id}`)).statusCode).toBe(204)
    expect(await details()).toEqual([])
    // The blend is there already; the batch, undone since, comes back.
    const again = await importAs(fresh, file)
    expect(again.json()).toMatchObject({ created: { blends: 0, versions: 0, testEntries: 0, batches: 1 } })
    expect(await details()).toEqual([batch!.code])
  })

  it('still imports a version 2 file, with no declarations, labels or INCI names', async () => {
    const fresh = await createUser(t)
    const v2 = {
      ...file,
      version: 2,
      oils: file.oils.map(({ inciName: _inci, ...o }) => o),
      shelf: file.shelf.map(({ declaration: _d, ...b }) => b),
      blends: file.blends.map((b) => ({ ...b, batches: b.batches.map(({ label: _l, ...x }) => x) })),
    }
    const res = await importAs(fresh, v2)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ created: { blends: 1, bottles: 4, batches: 1 } })
    expect((await bottles(fresh)).map((b) => b.declaredAllergens)).toEqual([null, null, null, null])
    expect((await batchesOf(fresh)).map((b) => b.label)).toEqual([null])
  })

  it('keeps the language an account has chosen when it imports a file with another (decision 093)', async () => {
    const fresh = await createUser(t)
    await injectAs(t, fresh, 'PUT', '/api/me/settings', { language: 'de' })
    const res = await importAs(fresh, file)
    expect(res.statusCode, res.body).toBe(201)
    expect((await injectAs(t, fresh, 'GET', '/api/me/settings')).json()).toMatchObject({ language: 'de' })
    // A file whose language is not one Accord speaks sets none.
    const other = await createUser(t)
    const odd = await importAs(other, { ...file, settings: { ...file.settings, language: 'ja' } } as unknown as ExportFile)
    expect(odd.statusCode).toBe(400)
    expect((await injectAs(t, other, 'GET', '/api/me/settings')).json()).toMatchObject({ language: null })
  })

  it('still imports a version 1 file, with no shelf and no currency', async () => {
    const fresh = await createUser(t)
    const res = await importAs(fresh, exportFileBody(oils))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().created).toEqual({ blends: 1, versions: 1, testEntries: 0, bottles: 0, batches: 0 })
    expect(await bottles(fresh)).toEqual([])
    expect((await injectAs(t, fresh, 'GET', '/api/me/settings')).json()).toEqual({ currency: null, language: null })
    // Version 1 has no shelf: a `shelf` key in such a file is not read.
    expect((await importAs(fresh, { ...exportFileBody(oils), shelf: file.shelf })).statusCode).toBe(201)
    expect(await bottles(fresh)).toEqual([])
  })

  it('refuses prices in another currency than the account’s, converting nothing and storing nothing', async () => {
    const fresh = await createUser(t)
    await injectAs(t, fresh, 'PUT', '/api/me/settings', { currency: 'GBP' })
    for (const query of ['', '?dryRun=true']) {
      const res = await importAs(fresh, file, query)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().error.code).toBe('CURRENCY_MISMATCH')
      expect(res.json().error.message).toContain('in EUR and your account uses GBP')
    }
    expect(await bottles(fresh)).toEqual([])
    expect(((await injectAs(t, fresh, 'GET', '/api/blends')).json() as { items: unknown[] }).items).toEqual([])
    // Without prices, the currency does not matter.
    const unpriced = {
      ...file,
      shelf: file.shelf.map((b) => ({ ...b, price: null })),
      blends: file.blends.map((b) => ({ ...b, batches: [] })),
    }
    expect((await importAs(fresh, unpriced)).statusCode).toBe(201)
    // The file's language is taken by an account without one (decision 093); the refused import above stored none.
    expect((await injectAs(t, fresh, 'GET', '/api/me/settings')).json()).toEqual({ currency: 'GBP', language: 'fr' })
  })

  it('names a shelf bottle or batch that breaks the schema or names an unknown oil, and stores nothing', async () => {
    const fresh = await createUser(t)
    const over = await importAs(fresh, { ...file, shelf: [{ ...file.shelf[0]!, remaining: file.shelf[0]!.size + 1 }] })
    expect(over.statusCode).toBe(400)
    expect(over.json().error.details[0].path).toBe('shelf[0].remaining')
    const unknown = await importAs(fresh, { ...file, shelf: [{ ...file.shelf[0]!, slug: 'dragon-blood', name: 'Dragon Blood' }] })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().error).toMatchObject({ code: 'UNKNOWN_OILS', details: [{ path: 'shelf[0]' }] })
    const badVersion = await importAs(fresh, {
      ...file,
      blends: [{ ...file.blends[0]!, batches: [{ ...file.blends[0]!.batches[0]!, versionId: 999_999 }] }],
    })
    expect(badVersion.statusCode).toBe(400)
    expect(badVersion.json().error.details[0].path).toBe('blends[0].batches[0].versionId')
    expect(await bottles(fresh)).toEqual([])
  })
})
