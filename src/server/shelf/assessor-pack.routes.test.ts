import { describe, expect, it } from 'vitest'
import type { AssessorPack } from '#shared/api/assessor-pack.ts'
import { MAX_PACK_BATCHES, MAX_PACK_VARIANTS, PACK_NOTICE } from '#shared/api/assessor-pack.ts'
import type { BatchTrace } from '#shared/api/trace.ts'
import type { BlendVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, Bottle } from '#shared/api/shelf.ts'
import { checkSafetyFor } from '#shared/domain/audiences.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { countedQueries } from '#tests/support/query-counter.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { traceBatches } from '#server/shelf/trace.queries.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('the safety assessor pack on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const ok = async <T>(who: TestUser, method: string, url: string, payload: unknown, status = 201) => {
    const res = await call(who, method, url, payload)
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as T
  }

  /** Two variants of one lotion: Bergamot 30 / Lavender 50 / Cedarwood 20, and the same with half the Bergamot as Lemon. */
  const maker = async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
    const second = await ok<BlendVersion>(user, 'POST', '/api/blend-versions', versionBody(oils, blend.id))
    const lavender = await ok<Bottle>(user, 'POST', '/api/shelf/bottles', {
      oilId: oils.Lavender!.id,
      unit: 'mL',
      size: 100,
      lotCode: 'LAV-0425',
      supplier: 'Oshadhi',
      purchasedOn: '2026-04-02',
    })
    await ok(
      user,
      'PUT',
      `/api/shelf/bottles/${lavender.id}/declaration`,
      { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] },
      200,
    )
    return { user, blend, first: blend.version, second, lavender }
  }
  const lotion = (versionIds: number[], extra: object = {}) => ({ versionIds, productType: 'lotion', oilPercentage: 2, ...extra })

  it('gathers each variant’s composition, allergens with their source, IFRA check, batches and their lots', async () => {
    const { user, blend, first, second, lavender } = await maker()
    await t.db.kysely.updateTable('shelf_bottles').set({ best_before: '2029-04-01' }).where('id', '=', lavender.id).execute()
    const batch = await ok<Batch>(user, 'POST', `/api/blends/${blend.id}/batches`, {
      versionId: first.id,
      madeOn: '2026-11-20',
      productType: 'lotion',
      weight: 500,
      unit: 'g',
      oilPercentage: 2,
    })
    await t.db.kysely
      .updateTable('batches')
      .set({ cross_contamination_prevented: 1, weighed_in_grams: 0 })
      .where('id', '=', batch.id)
      .execute()
    // A soap batch of the same version is another product: not in the lotion's pack.
    await ok(user, 'POST', `/api/blends/${blend.id}/batches`, {
      versionId: first.id,
      madeOn: '2026-11-21',
      productType: 'cold-process-soap',
      weight: 500,
      unit: 'g',
      oilPercentage: 2,
    })
    await ok(user, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, { fragranceAs: 'inci' }, 200)
    const document = await t.db.kysely
      .insertInto('bottle_documents')
      .values({
        user_id: user.userId,
        bottle_id: lavender.id,
        kind: 'allergen-declaration',
        file_name: 'lavender-declaration.pdf',
        media_type: 'application/pdf',
        byte_size: 4,
        content: Buffer.from('%PDF'),
        created_at: '2026-11-20T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    const pack = await ok<AssessorPack>(user, 'POST', '/api/assessor-pack', lotion([first.id, second.id]), 200)
    expect(pack).toMatchObject({ productType: 'lotion', use: 'leave-on', oilPercentage: 2, thresholdPercent: 0.001, notice: PACK_NOTICE })
    expect(pack.variants.map((v) => v.versionId)).toEqual([first.id, second.id])

    const [a, b] = pack.variants as [AssessorPack['variants'][number], AssessorPack['variants'][number]]
    // Lavender is 50 % of the fragrance, so 1 % of a 2 % lotion, under its INCI name.
    expect(a.composition.find((o) => o.name === 'Lavender')).toMatchObject({
      inci: oils.Lavender!.inciName,
      blendPercent: 50,
      productPercent: 1,
    })
    expect(b.composition.map((o) => o.name)).toContain('Lemon')
    expect(a.composition.map((o) => o.name)).not.toContain('Lemon')
    // Linalool: 30 % of the lot's Lavender, 1 % of the product: 0.3 %, over leave-on's 0.001 %: labelled, from lot LAV-0425.
    const linalool = a.label.declared.find((x) => x.entryId === 'linalool')!
    expect(linalool.percent).toBeCloseTo(0.3, 6)
    expect(linalool.sources).toEqual([expect.objectContaining({ bottleId: lavender.id, lotCode: 'LAV-0425' })])
    expect(a.ifra.oils.map((o) => o.oilName).sort()).toEqual(['Atlas Cedarwood', 'Bergamot', 'Lavender'])
    expect(a.safety.scope).not.toBe('')

    expect(a.batches).toHaveLength(1)
    expect(a.moreBatches).toBe(false)
    expect(a.batches[0]).toMatchObject({
      id: batch.id,
      code: batch.code,
      madeOn: '2026-11-20',
      weight: 500,
      oilPercentage: 2,
      crossContaminationPrevented: true,
      weighedInGrams: false,
    })
    expect(a.batches[0]!.label?.declared.map((x) => x.entryId)).toContain('linalool')
    const lot = a.batches[0]!.lots.find((l) => l.oilName === 'Lavender')!
    expect(lot).toMatchObject({ bottleId: lavender.id, lotCode: 'LAV-0425', supplier: 'Oshadhi', bestBefore: '2029-04-01' })
    expect(lot.documents).toEqual([
      expect.objectContaining({ id: document.id, kind: 'allergen-declaration', fileName: 'lavender-declaration.pdf' }),
    ])
    // The variant with no batch says so with an empty list.
    expect(b.batches).toEqual([])
  })

  it('lists the composition flattened: an accord’s oils join the blend’s, each oil once', async () => {
    const user = await createUser(t)
    const citrus = await createBlend(
      t,
      user,
      blendBody(oils, {
        name: `Citrus Dawn ${Math.random()}`,
        topNote: oils.Lemon!.id,
        middleNote: oils.Bergamot!.id,
        baseNote: oils.Lemon!.id,
        topPercentage: 60,
        middlePercentage: 40,
        basePercentage: 0,
      }),
    )
    const calm = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
    // Bergamot 30, Lavender 20, Cedarwood 20 and 30 % of Citrus Dawn (Lemon 60 / Bergamot 40).
    const withAccord = await ok<BlendVersion>(user, 'POST', '/api/blend-versions', {
      projectId: calm.id,
      topOils: [{ id: oils.Bergamot!.id, name: 'Bergamot', percentage: 30 }],
      middleOils: [{ id: oils.Lavender!.id, name: 'Lavender', percentage: 20 }],
      baseOils: [{ id: oils['Atlas Cedarwood']!.id, name: 'Atlas Cedarwood', percentage: 20 }],
      accords: [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }],
    })
    const pack = await ok<AssessorPack>(user, 'POST', '/api/assessor-pack', lotion([withAccord.id]), 200)
    const composition = pack.variants[0]!.composition
    expect(composition.map((o) => o.name).sort()).toEqual(['Atlas Cedarwood', 'Bergamot', 'Lavender', 'Lemon'])
    const bergamot = composition.find((o) => o.name === 'Bergamot')!
    expect(bergamot.blendPercent).toBeCloseTo(42, 6)
    expect(bergamot.productPercent).toBeCloseTo(0.84, 6)
    expect(composition.find((o) => o.name === 'Lemon')!.blendPercent).toBeCloseTo(18, 6)
    expect(composition.reduce((sum, o) => sum + o.productPercent, 0)).toBeCloseTo(2, 6)
  })

  it('says "not recorded" (null) for the checks of a batch made before they were asked', async () => {
    const { user, blend, first } = await maker()
    const made = await ok<{ id: number }>(user, 'POST', `/api/blends/${blend.id}/batches`, {
      versionId: first.id,
      madeOn: '2026-11-20',
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    // A batch made today stores the version's checks (decision 081)...
    const now = await ok<AssessorPack>(user, 'POST', '/api/assessor-pack', lotion([first.id]), 200)
    expect(now.variants[0]!.batches[0]).toMatchObject({ crossContaminationPrevented: true, weighedInGrams: false })
    // ...one recorded before migration 0037 has none: the pack says so, never a guess.
    await t.app.db.kysely
      .updateTable('batches')
      .set({ cross_contamination_prevented: null, weighed_in_grams: null })
      .where('id', '=', made.id)
      .execute()
    const pack = await ok<AssessorPack>(user, 'POST', '/api/assessor-pack', lotion([first.id]), 200)
    expect(pack.variants[0]!.batches[0]).toMatchObject({ crossContaminationPrevented: null, weighedInGrams: null, label: null })
  })

  it('answers 404 for another user’s version, naming it, and refuses a home product, and more than the most variants', async () => {
    const { user, first } = await maker()
    const other = await maker()
    const res = await call(other.user, 'POST', '/api/assessor-pack', lotion([other.first.id, first.id]))
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'body.versionIds.1' }] })
    expect(res.body).not.toContain('Calm')

    const candle = await call(user, 'POST', '/api/assessor-pack', lotion([first.id], { productType: 'candles', oilPercentage: 8 }))
    expect(candle.statusCode).toBe(422)
    expect(candle.json().error.code).toBe('NOT_A_COSMETIC')

    const many = await call(
      user,
      'POST',
      '/api/assessor-pack',
      lotion(Array.from({ length: MAX_PACK_VARIANTS + 1 }, (_, i) => first.id + i)),
    )
    expect(many.statusCode).toBe(400)
    expect(many.json().error.message).toMatch(/at most 6 variants/)
    const twice = await call(user, 'POST', '/api/assessor-pack', lotion([first.id, first.id]))
    expect(twice.statusCode).toBe(400)
    expect(twice.json().error.message).toMatch(/once/)
  })
  /** A lotion batch of the version, 100 g at 2 %: it draws its Lavender from the maker's lot. */
  const lotionBatch = (who: TestUser, blendId: number, versionId: number, madeOn: string) =>
    ok<Batch>(who, 'POST', `/api/blends/${blendId}/batches`, {
      versionId,
      madeOn,
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
  /** What two reads of a record may differ in: the moment a label was worked out. */
  const withoutMoments = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'computedAt' || key === 'checkedAt' ? undefined : v)))

  it('holds each batch’s full record, the one GET /api/batches/{id} answers, its label saved or worked out', async () => {
    const { user, blend, first } = await maker()
    const older = await lotionBatch(user, blend.id, first.id, '2026-11-18')
    const newer = await lotionBatch(user, blend.id, first.id, '2026-11-19')
    await ok(user, 'PUT', `/api/blends/${blend.id}/batches/${newer.id}/label`, { fragranceAs: 'inci' }, 200)

    const pack = await ok<AssessorPack>(user, 'POST', '/api/assessor-pack', lotion([first.id]), 200)
    const variant = pack.variants[0]!
    expect(variant.batches.map((b) => b.code)).toEqual([newer.code, older.code])
    expect(variant).toMatchObject({ batchCount: 2, moreBatches: false })
    for (const listed of variant.batches) {
      const single = await ok<BatchTrace>(user, 'GET', `/api/batches/${listed.id}`, undefined, 200)
      expect(withoutMoments(listed.record)).toEqual(withoutMoments(single))
    }
    const [saved, workedOut] = variant.batches.map((b) => b.record) as [BatchTrace, BatchTrace]
    expect(saved.label?.source).toBe('saved')
    expect(workedOut.label?.source).toBe('worked-out')
    // The worked-out label reads the lot's declaration: linalool from LAV-0425, as the batch page says.
    expect(workedOut.label!.label.declared.find((a) => a.entryId === 'linalool')?.sources).toEqual([
      expect.objectContaining({ lotCode: 'LAV-0425' }),
    ])
    const lavender = workedOut.lots.find((l) => l.oilName === 'Lavender')!
    expect(lavender.lot).toMatchObject({ lotCode: 'LAV-0425', supplier: 'Oshadhi' })
    expect(lavender.ml).toBeGreaterThan(0)
    expect(workedOut.composition.reduce((sum, c) => sum + c.grams, 0)).toBeCloseTo(2, 6)
  })

  it(`lists the ${MAX_PACK_BATCHES} newest batches with their records, says how many there are, in the same queries as for one`, async () => {
    const few = await maker()
    await lotionBatch(few.user, few.blend.id, few.first.id, '2026-11-01')
    const many = await maker()
    const made: Batch[] = []
    for (let day = 1; day <= MAX_PACK_BATCHES + 3; day++) {
      made.push(await lotionBatch(many.user, many.blend.id, many.first.id, `2026-10-${String(day).padStart(2, '0')}`))
    }
    // Some saved labels, some worked out: the records are read together either way.
    for (const b of made.slice(-3))
      await ok(many.user, 'PUT', `/api/blends/${many.blend.id}/batches/${b.id}/label`, { fragranceAs: 'inci' }, 200)

    const count = async (who: TestUser, versionId: number) => {
      // The guard re-checks a session every few seconds: a request just before keeps that out of the count.
      await call(who, 'GET', '/api/next-reference-number')
      let pack: AssessorPack | undefined
      const queries = await countedQueries(t, async () => {
        pack = await ok<AssessorPack>(who, 'POST', '/api/assessor-pack', lotion([versionId]), 200)
      })
      return { queries, pack: pack! }
    }
    const small = await count(few.user, few.first.id)
    const big = await count(many.user, many.first.id)
    expect(small.pack.variants[0]!.batches).toHaveLength(1)
    expect(small.queries).toBeGreaterThan(0)
    expect(big.queries).toBe(small.queries)

    const variant = big.pack.variants[0]!
    expect(variant).toMatchObject({ batchCount: MAX_PACK_BATCHES + 3, moreBatches: true })
    // Newest first: the 20 made last, each with its own record.
    expect(variant.batches.map((b) => b.code)).toEqual(
      made
        .slice(-MAX_PACK_BATCHES)
        .reverse()
        .map((b) => b.code),
    )
    for (const b of variant.batches) {
      expect(b.record.batch.id).toBe(b.id)
      expect(b.record.lots.map((l) => l.lot?.lotCode)).toContain('LAV-0425')
    }
    expect(variant.batches.filter((b) => b.record.label?.source === 'saved')).toHaveLength(3)
  })

  it('reads records of the maker’s own batches only: another maker’s batch ids give nothing', async () => {
    const mine = await maker()
    const theirs = await maker()
    const batch = await lotionBatch(mine.user, mine.blend.id, mine.first.id, '2026-11-20')
    const catalog = await t.app.catalog.forUser(theirs.user.userId)
    expect(await traceBatches(t.app.db.kysely, theirs.user.userId, [batch.id], catalog)).toEqual([])
    const own = await traceBatches(t.app.db.kysely, mine.user.userId, [batch.id], await t.app.catalog.forUser(mine.user.userId))
    expect(own.map((r) => r.batch.code)).toEqual([batch.code])
  })
  it('sends each variant’s skin findings beside its sentences, one for one: the report’s, for a client to say in its language', async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
    // Bergamot 30 (over its leave-on maximum at 2 %, phototoxic, an oxidation caution), Myrrh 20 (not in
    // pregnancy), Black Pepper 20 (nothing on file) and Lavender 30: those three with no maximum, not checked.
    const o = (name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })
    const version = await ok<BlendVersion>(
      user,
      'POST',
      '/api/blend-versions',
      versionBody(oils, blend.id, {
        topOils: [o('Bergamot', 30)],
        middleOils: [o('Myrrh', 20), o('Lavender', 30)],
        baseOils: [o('Black Pepper', 20)],
      }),
    )
    const kinds = new Set<string>()
    for (const audience of ['pregnancy', 'child-3-24-months', 'adults'] as const) {
      const pack = await ok<AssessorPack>(user, 'POST', '/api/assessor-pack', lotion([version.id], { audience }), 200)
      const { safety, composition } = pack.variants[0]!
      // The report the calculator's checks give for the same oils at the same shares, for the same audience.
      const report = checkSafetyFor(
        'leave-on',
        composition.map((oil) => ({ name: oil.name, productPercentage: oil.productPercent, safety: oils[oil.name]!.safety })),
        audience,
      )
      const sorted = <T extends { message: string }>(list: readonly T[]) => [...list].sort((a, b) => a.message.localeCompare(b.message))
      expect(sorted(safety.warningDetails), audience).toEqual(sorted(report.warnings))
      expect(sorted(safety.uncheckedDetails), audience).toEqual(sorted(report.unchecked))
      expect(sorted(safety.cautionDetails), audience).toEqual(sorted(report.cautions))
      // Each sentence is its finding's message, in the same order: the sentences are unchanged.
      expect(safety.warningDetails.map((w) => w.message)).toEqual(safety.warnings)
      expect(safety.uncheckedDetails.map((u) => u.message)).toEqual(safety.unchecked)
      expect(safety.cautionDetails.map((c) => c.message)).toEqual(safety.cautions)
      expect(safety.unchecked).toContainEqual(expect.stringContaining('Black Pepper'))
      expect(safety.cautions).not.toEqual([])
      safety.warningDetails.forEach((w) => kinds.add(w.kind))
    }
    expect([...kinds].sort()).toEqual(['avoid-for-audience', 'over-audience-total', 'over-limit', 'phototoxic'])
  })
})
