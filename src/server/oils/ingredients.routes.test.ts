import { describe, expect, it } from 'vitest'
import type { Ingredient, IngredientList } from '#shared/api/ingredients.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { SharedBlend } from '#shared/api/shares.ts'
import { checkSafety } from '#shared/domain/safety.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** docs/product.md "Your own ingredients" (decision 068). */
describe.each(ENGINES)('your own ingredients on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who.token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const add = async (who: TestUser, body: Record<string, unknown>) => {
    const res = await call(who, 'POST', '/api/ingredients', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Ingredient
  }
  const fcf = (who: TestUser) =>
    add(who, {
      name: 'Bergamot FCF',
      basedOnOilId: oils.Bergamot!.id,
      safety: { phototoxic: false, source: 'Supplier data sheet, lot 42' },
    })
  const own = async (who: TestUser) => ((await call(who, 'GET', '/api/ingredients')).json() as IngredientList).items

  it('adds Bergamot FCF based on Bergamot: its facts copied, the maker’s safety facts in place, no maximum guessed', async () => {
    const user = await createUser(t)
    const made = await fcf(user)
    const bergamot = oils.Bergamot!
    expect(made).toMatchObject({
      name: 'Bergamot FCF',
      yours: true,
      kind: 'Essential oil',
      basedOnOilId: bergamot.id,
      inciName: bergamot.inciName,
      latinName: bergamot.latinName,
      noteType: bergamot.noteType,
      scentFamily: bergamot.scentFamily,
      densityGPerMl: bergamot.densityGPerMl,
      annexEntryId: bergamot.annexEntryId,
    })
    expect(made.safety).toMatchObject({
      maxLeaveOnPercent: null,
      maximumNote: null,
      phototoxic: false,
      source: 'Supplier data sheet, lot 42',
    })
    expect(made.id).not.toBe(bergamot.id)
    expect(await own(user)).toEqual([made])
    expect((await call(user, 'GET', `/api/ingredients/${made.id}`)).json()).toEqual(made)

    // The safety check reads it as the maker gave it: not phototoxic, and its maximum is no data.
    const report = checkSafety('leave-on', [
      { name: made.name, productPercentage: 1, safety: made.safety },
      { name: bergamot.name, productPercentage: 1, safety: bergamot.safety },
    ])
    expect(report.warnings.map((w) => `${w.kind} ${w.oil}`)).toEqual(expect.arrayContaining(['phototoxic Bergamot']))
    expect(report.warnings.some((w) => w.oil === 'Bergamot FCF')).toBe(false)
    expect(JSON.stringify(report)).toContain('No published maximum on file for Bergamot FCF')
  })

  it('adds one from nothing, with every needed field, and says which are missing', async () => {
    const user = await createUser(t)
    const missing = await call(user, 'POST', '/api/ingredients', { name: 'Peach FO' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.details.map((d: { path: string }) => d.path)).toEqual([
      'body.inciName',
      'body.kind',
      'body.noteType',
      'body.scentFamily',
      'body.densityGPerMl',
    ])
    expect(await own(user)).toEqual([])
    const peach = await add(user, {
      name: 'Peach FO',
      inciName: 'Parfum',
      kind: 'Fragrance oil',
      noteType: ['Middle', 'Top'],
      scentFamily: 'Floral',
      densityGPerMl: 1.02,
      safety: { maxLeaveOnPercent: 3, phototoxic: null, source: 'IFRA certificate from the supplier' },
    })
    expect(peach).toMatchObject({
      kind: 'Fragrance oil',
      noteType: ['Top', 'Middle'],
      latinName: '',
      basedOnOilId: null,
      annexEntryId: null,
    })
    expect(peach.safety).toMatchObject({ maxLeaveOnPercent: 3, phototoxic: null, children: null })
  })

  it.each([
    [{ name: 'Bergamot', basedOnOilId: 1 }, 'body.name', 'catalog oil'],
    [{ name: '   ', basedOnOilId: 1 }, 'body.name', 'name'],
    [{ name: 'X', basedOnOilId: 999_999 }, 'body.basedOnOilId', 'No oil in the catalog'],
    [{ name: 'X', basedOnOilId: 1, densityGPerMl: 5 }, 'body.densityGPerMl', 'Density'],
    [{ name: 'X', basedOnOilId: 1, noteType: [] }, 'body.noteType', 'at least one note'],
    [{ name: 'X', basedOnOilId: 1, noteType: ['Top', 'Top'] }, 'body.noteType', 'once'],
    [{ name: 'X', basedOnOilId: 1, scentFamily: 'Fruity' }, 'body.scentFamily', 'Unknown scent family'],
    [{ name: 'X', basedOnOilId: 1, safety: { maxLeaveOnPercent: 0 } }, 'body.safety.maxLeaveOnPercent', 'more than 0'],
    [{ name: 'X', basedOnOilId: 1, safety: { maxLeaveOnPercent: 120 } }, 'body.safety.maxLeaveOnPercent', 'at most 100'],
    [{ name: 'X', basedOnOilId: 1, kind: 'Tincture' }, 'body.kind', 'Unknown kind'],
    [{ name: 'X', basedOnOilId: 1, owner: 'someone' }, 'body', ''],
  ])('refuses %j at %s, writing nothing', async (body, path, words) => {
    const user = await createUser(t)
    const res = await call(user, 'POST', '/api/ingredients', body)
    expect(res.statusCode, res.body).toBe(400)
    const error = res.json().error
    expect(error.code).toBe('VALIDATION_ERROR')
    expect(error.details.some((d: { path: string; message: string }) => d.path.startsWith(path) && d.message.includes(words))).toBe(true)
    expect(await own(user)).toEqual([])
  })

  it('keeps names unique per maker, in any case, but two makers may use the same name', async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    await fcf(a)
    const again = await call(a, 'POST', '/api/ingredients', { name: '  bergamot fcf ', basedOnOilId: oils.Bergamot!.id })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toContain('You already have an ingredient named')
    await fcf(b)
    expect(await own(a)).toHaveLength(1)
    expect(await own(b)).toHaveLength(1)
  })

  it('changes the fields sent and keeps the rest; a maximum given is the maker’s, with their source', async () => {
    const user = await createUser(t)
    const made = await fcf(user)
    const res = await call(user, 'PATCH', `/api/ingredients/${made.id}`, {
      name: 'Bergamot FCF (Aroma Co)',
      safety: { maxLeaveOnPercent: 2, phototoxic: false, source: 'Aroma Co SDS 2026' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Bergamot FCF (Aroma Co)', inciName: made.inciName, basedOnOilId: oils.Bergamot!.id })
    expect(res.json().safety).toMatchObject({ maxLeaveOnPercent: 2, phototoxic: false, source: 'Aroma Co SDS 2026' })
    const clash = await call(user, 'PATCH', `/api/ingredients/${made.id}`, { name: 'LAVENDER' })
    expect(clash.statusCode).toBe(400)
    expect((await own(user))[0]!.name).toBe('Bergamot FCF (Aroma Co)')
  })

  it('is the maker’s alone: another maker’s id answers 404 and is an unknown oil to their blends and shelf', async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    const made = await fcf(a)
    expect(await own(b)).toEqual([])
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const res = await call(b, method, `/api/ingredients/${made.id}`, body)
      expect(res.statusCode, `${method} ${res.body}`).toBe(404)
      expect(res.json().error.code).toBe('NOT_FOUND')
    }
    expect((await call(a, 'GET', `/api/ingredients/${made.id}`)).statusCode).toBe(200)
    // Not in the public catalog.
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/essential-oils' })).json() as EssentialOil[]
    expect(catalog.some((o) => o.id === made.id)).toBe(false)
    // B cannot name it in a blend, a bottle or as a starting point; A can.
    const bBlend = await call(b, 'POST', '/api/blends', blendBody(oils, { topNote: made.id }))
    expect(bBlend.statusCode).toBe(400)
    expect(bBlend.json().error.message).toContain(`Unknown oil id ${made.id}`)
    const bBottle = await call(b, 'POST', '/api/shelf/bottles', { oilId: made.id, unit: 'mL', size: 10 })
    expect(bBottle.statusCode).toBe(400)
    const bBased = await call(b, 'POST', '/api/ingredients', { name: 'Copy', basedOnOilId: made.id })
    expect(bBased.statusCode).toBe(400)
    const aBlend = await call(a, 'POST', '/api/blends', blendBody(oils, { name: 'Sunny', topNote: made.id }))
    expect(aBlend.statusCode, aBlend.body).toBe(201)
    const aBottle = await call(a, 'POST', '/api/shelf/bottles', { oilId: made.id, unit: 'mL', size: 10 })
    expect(aBottle.statusCode, aBottle.body).toBe(201)
    expect(aBottle.json()).toMatchObject({ oilName: 'Bergamot FCF' })
  })

  it('saves versions with it, names it in the blend, and refuses its deletion while a blend or bottle uses it', async () => {
    const user = await createUser(t)
    const made = await fcf(user)
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Evening Calm' }))
    const version = await call(
      user,
      'POST',
      '/api/blend-versions',
      versionBody(oils, blend.id, { topOils: [{ id: made.id, name: 'Bergamot FCF', percentage: 30 }] }),
    )
    expect(version.statusCode, version.body).toBe(201)
    const bottle = await call(user, 'POST', '/api/shelf/bottles', { oilId: made.id, unit: 'mL', size: 10 })
    const refused = await call(user, 'DELETE', `/api/ingredients/${made.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ code: 'INGREDIENT_IN_USE', details: { blends: ['Evening Calm'], bottles: 1 } })
    expect(refused.json().error.message).toBe(
      'Bergamot FCF is used by the blend "Evening Calm" and a bottle on your shelf. Remove it from them first, then delete the ingredient.',
    )
    expect(await own(user)).toHaveLength(1)
    expect((await call(user, 'DELETE', `/api/shelf/bottles/${bottle.json().id}`)).statusCode).toBe(204)
    expect((await call(user, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    const gone = await call(user, 'DELETE', `/api/ingredients/${made.id}`)
    expect(gone.statusCode, gone.body).toBe(204)
    expect(await own(user)).toEqual([])
  })

  it('shows on a shared link as its name and INCI name; another maker cannot copy it into their journal', async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    const made = await fcf(a)
    const blend = await createBlend(t, a, blendBody(oils, { name: 'Sunny', topNote: made.id }))
    const link = await call(a, 'POST', `/api/blends/${blend.id}/shares`, {})
    expect(link.statusCode, link.body).toBe(201)
    const token = link.json().token as string
    const shared = (await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).json() as SharedBlend
    expect(shared.layers.top[0]).toEqual({ name: 'Bergamot FCF', latinName: made.inciName, percentage: 30 })
    const copy = await call(b, 'POST', `/api/shared/${token}/copy`)
    expect(copy.statusCode).toBe(400)
    expect(copy.json().error.message).toContain('Bergamot FCF, an ingredient of its maker')
  })

  it('is named on a lotion’s allergen label by the INCI name the maker gave, and its missing declaration said', async () => {
    const user = await createUser(t)
    const made = await add(user, {
      name: 'Peach FO',
      inciName: 'Prunus Persica Test Oil',
      kind: 'Fragrance oil',
      noteType: ['Top'],
      scentFamily: 'Floral',
      densityGPerMl: 1,
    })
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Peach Calm', topNote: made.id }))
    const res = await call(user, 'POST', '/api/labels/preview', {
      versionId: blend.version.id,
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    expect(res.statusCode, res.body).toBe(200)
    const label = res.json() as { ingredients: { name: string; kind: string }[]; missing: { oilName: string; reason: string }[] }
    expect(label.ingredients).toContainEqual({ name: 'Prunus Persica Test Oil', percent: 0.6, kind: 'fragrance' })
    // No bottle of it carries a declaration yet: said as missing, never read as allergen-free.
    expect(label.missing).toContainEqual(expect.objectContaining({ oilName: 'Peach FO', reason: 'not-on-shelf' }))
    expect(JSON.stringify(label)).not.toContain(made.slug)
  })

  it('is exported with its facts; its maker imports the file back, another maker’s import adds it (unknown in a file without it)', async () => {
    const [a, b] = [await createUser(t), await createUser(t)]
    const made = await fcf(a)
    await createBlend(t, a, blendBody(oils, { name: 'Sunny', topNote: made.id }))
    const bottle = await call(a, 'POST', '/api/shelf/bottles', { oilId: made.id, unit: 'mL', size: 10 })
    expect(bottle.statusCode, bottle.body).toBe(201)
    const file = (await call(a, 'GET', '/api/export')).json() as {
      oils: { slug: string; name: string; inciName?: string }[]
      blends: { versions: { topOils: { name: string }[] }[] }[]
    }
    expect(file.oils).toContainEqual({ slug: made.slug, name: 'Bergamot FCF', inciName: made.inciName })
    expect(file.blends[0]!.versions[0]!.topOils[0]!.name).toBe('Bergamot FCF')
    const again = await call(a, 'POST', '/api/import?dryRun=true', file)
    expect(again.statusCode, again.body).toBe(200)
    // A file without its facts (as before export version 5) names it as unknown to another maker.
    const { ingredients: _facts, ...without } = file as typeof file & { ingredients?: unknown }
    const unknown = await call(b, 'POST', '/api/import', without)
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().error.code).toBe('UNKNOWN_OILS')
    expect(unknown.json().error.message).toContain('"Bergamot FCF"')
    // With them, the import adds it to the other maker's ingredients, and their bottle and version use it.
    const other = await call(b, 'POST', '/api/import', file)
    expect(other.statusCode, other.body).toBe(201)
    const theirs = (await call(b, 'GET', '/api/ingredients')).json().items as { id: number; name: string }[]
    expect(theirs.map((i) => i.name)).toEqual(['Bergamot FCF'])
    const shelf = (await call(b, 'GET', '/api/shelf/bottles')).json() as { items: { oilId: number }[] }
    expect(shelf.items.map((x) => x.oilId)).toEqual([theirs[0]!.id])
  })

  it('is untouched by the catalog seed, and goes with its maker’s account', async () => {
    const user = await createUser(t)
    const made = await fcf(user)
    await seedOils(t.db)
    expect(await own(user)).toEqual([made])
    const res = await call(user, 'POST', '/api/me/delete', { confirmEmail: user.email })
    expect(res.statusCode, res.body).toBe(204)
    const left = await t.db.kysely.selectFrom('essential_oils').select('id').where('id', '=', made.id).execute()
    expect(left).toEqual([])
  })
})
