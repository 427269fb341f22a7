import { describe, expect, it } from 'vitest'
import type { BlendDetail, BlendListPage } from '#shared/api/blend-list.ts'
import type { AccordUses, BlendProject, BlendVersion, CreatedVersion } from '#shared/api/blends.ts'
import type { ExportFile } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { CopiedBlend, SharedBlend } from '#shared/api/shares.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** Accords inside blends, the server (docs/product.md "Accords inside blends"; decision 072). */
describe.each(ENGINES)('accords inside blends on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown) => injectAs(t, who, method, url, payload)
  const ok = async <T>(who: TestUser, url: string) => {
    const res = await call(who, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as T
  }
  const o = (name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })

  /** Citrus Dawn: Lemon 60 and Bergamot 40 in its top, nothing else worth a layer of its own. */
  const accord = async (me: TestUser, name = 'Citrus Dawn') =>
    createBlend(
      t,
      me,
      blendBody(oils, {
        name,
        topNote: oils.Lemon!.id,
        middleNote: oils.Bergamot!.id,
        baseNote: oils.Lemon!.id,
        topPercentage: 60,
        middlePercentage: 40,
        basePercentage: 0,
      }),
    )

  /** A version of `projectId` with Lavender 30 of its own in the middle and `accords`. */
  const save = (me: TestUser, projectId: number, accords: { layer: string; versionId: number; percentage: number }[], own = 70) =>
    call(me, 'POST', '/api/blend-versions', {
      projectId,
      topOils: [o('Bergamot', own - 50)],
      middleOils: [o('Lavender', 30)],
      baseOils: [o('Vetiver', 20)],
      accords,
    })

  it('saves a version with an accord: flattened layers, its own oils, the accord beside them, and search by the accord', async () => {
    const me = await createUser(t)
    const citrus = await accord(me)
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    const res = await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }])
    expect(res.statusCode, res.body).toBe(201)
    const v = res.json() as CreatedVersion
    // 30 % of Citrus Dawn in the middle: Lemon 60 % of it (18 + 0 of its base), Bergamot 12.
    expect(v.middleOils).toEqual([o('Lavender', 30), o('Lemon', 18), o('Bergamot', 12)])
    expect(v.topOils).toEqual([o('Bergamot', 20)])
    expect(v.ownOils).toEqual({ topOils: [o('Bergamot', 20)], middleOils: [o('Lavender', 30)], baseOils: [o('Vetiver', 20)] })
    expect(v.accords).toEqual([
      {
        layer: 'middle',
        versionId: citrus.version.id,
        projectId: citrus.id,
        name: 'Citrus Dawn',
        referenceNumber: citrus.version.referenceNumber,
        percentage: 30,
        oils: [o('Lemon', 60), o('Bergamot', 40)],
        newerVersion: null,
      },
    ])
    // The blend as the journal reads it says the same.
    const detail = await ok<BlendDetail>(me, `/api/blends/${host.id}`)
    expect(detail.versions.at(-1)!.middleOils).toEqual(v.middleOils)
    // Search finds it by an oil that is only in the accord, and by the accord's name.
    for (const q of ['lemon', 'citrus dawn']) {
      const page = await ok<BlendListPage>(me, `/api/blends?q=${encodeURIComponent(q)}`)
      expect(
        page.items.map((b) => b.id),
        q,
      ).toContain(host.id)
    }
  })

  it('counts accords in the 100 % total and the per-layer rules, and saves a wizard layer that is an accord', async () => {
    const me = await createUser(t)
    const citrus = await accord(me)
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    // 20 + 30 + 20 + 40 = 110.
    const over = await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 40 }])
    expect(over.statusCode).toBe(400)
    expect(over.body).toContain('The percentages should total 100%')
    // A layer with only an accord is filled.
    const onlyAccord = await call(me, 'POST', '/api/blend-versions', {
      projectId: host.id,
      topOils: [],
      middleOils: [o('Lavender', 50)],
      baseOils: [o('Vetiver', 20)],
      accords: [{ layer: 'top', versionId: citrus.version.id, percentage: 30 }],
    })
    expect(onlyAccord.statusCode, onlyAccord.body).toBe(201)
    expect((onlyAccord.json() as BlendVersion).topOils).toEqual([o('Lemon', 18), o('Bergamot', 12)])
    // Five accords in one layer are refused.
    const five = await call(me, 'POST', '/api/blend-versions', {
      projectId: host.id,
      topOils: [o('Bergamot', 50)],
      middleOils: [o('Lavender', 25)],
      baseOils: [o('Vetiver', 20)],
      accords: Array.from({ length: 5 }, () => ({ layer: 'base', versionId: citrus.version.id, percentage: 1 })),
    })
    expect(five.statusCode).toBe(400)
    expect(five.body).toContain('At most 4 accords per layer')
    // The wizard: the middle layer is the accord.
    const wizard = await call(me, 'POST', '/api/blends', {
      ...blendBody(oils, { name: 'Dusk' }),
      middleNote: undefined,
      middleAccord: citrus.version.id,
    })
    expect(wizard.statusCode, wizard.body).toBe(201)
    const made = wizard.json() as { version: BlendVersion }
    expect(made.version.middleOils).toEqual([o('Lemon', 30), o('Bergamot', 20)])
    expect(made.version.accords.map((a) => [a.layer, a.name, a.percentage])).toEqual([['middle', 'Citrus Dawn', 50]])
  })

  it("answers 404 for another user's version or an unknown one, naming the field, and writes nothing", async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    const theirs = await accord(other, 'Their Citrus')
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    for (const versionId of [theirs.version.id, 2147483647]) {
      const res = await save(me, host.id, [{ layer: 'middle', versionId, percentage: 30 }])
      expect(res.statusCode).toBe(404)
      const body = res.json() as { error: { message: string; details: { path: string }[] } }
      expect(body.error.details[0]!.path).toBe('body.accords[0].versionId')
      // The same words whoever owns it: existence never leaks.
      expect(body.error.message).toContain(`Blend version ${versionId} was not found`)
      const wizard = await call(me, 'POST', '/api/blends', {
        ...blendBody(oils, { name: 'Dusk' }),
        middleNote: undefined,
        middleAccord: versionId,
      })
      expect(wizard.statusCode).toBe(404)
      expect(wizard.body).toContain('middleAccord')
    }
    const detail = await ok<BlendDetail>(me, `/api/blends/${host.id}`)
    expect(detail.versions).toHaveLength(1)
    expect((await ok<BlendListPage>(me, '/api/blends')).items.map((b) => b.name)).toEqual(['Evening Calm'])
  })

  it('refuses a blend containing itself at depth 2 and 3 with the chain named, and nesting 4 deep', async () => {
    const me = await createUser(t)
    const a = await accord(me, 'Alpha')
    const b = await createBlend(t, me, blendBody(oils, { name: 'Beta' }))
    const bv = await save(me, b.id, [{ layer: 'middle', versionId: a.version.id, percentage: 30 }])
    expect(bv.statusCode, bv.body).toBe(201)
    const bRef = (bv.json() as BlendVersion).referenceNumber
    // Its own version.
    const own = await save(me, a.id, [{ layer: 'middle', versionId: a.version.id, percentage: 30 }])
    expect(own.statusCode).toBe(400)
    expect(own.body).toContain('Alpha cannot contain its own version')
    // Depth 2: Alpha in Beta, Beta into Alpha.
    const two = await save(me, a.id, [{ layer: 'middle', versionId: (bv.json() as BlendVersion).id, percentage: 30 }])
    expect(two.statusCode).toBe(400)
    expect(two.json()).toMatchObject({
      error: {
        details: [
          {
            path: 'body.accords[0].versionId',
            message: `Alpha cannot contain Beta ${bRef}, which contains Alpha: a blend cannot contain itself`,
          },
        ],
      },
    })
    // Depth 3: Alpha in Beta in Gamma, Gamma into Alpha.
    const c = await createBlend(t, me, blendBody(oils, { name: 'Gamma' }))
    const cv = await save(me, c.id, [{ layer: 'middle', versionId: (bv.json() as BlendVersion).id, percentage: 30 }])
    expect(cv.statusCode, cv.body).toBe(201)
    const gamma = cv.json() as BlendVersion
    const three = await save(me, a.id, [{ layer: 'base', versionId: gamma.id, percentage: 30 }])
    expect(three.statusCode).toBe(400)
    expect(three.body).toContain(`Alpha cannot contain Gamma ${gamma.referenceNumber}, which contains Alpha`)
    // Gamma holds accords 2 deep: a fourth level is refused.
    const d = await createBlend(t, me, blendBody(oils, { name: 'Delta' }))
    const four = await save(me, d.id, [{ layer: 'middle', versionId: gamma.id, percentage: 30 }])
    expect(four.statusCode).toBe(400)
    expect(four.body).toContain(`Gamma ${gamma.referenceNumber} already holds accords 2 deep; accords nest at most 3 deep`)
  })

  it('answers who uses an accord; a delete keeps their oils and drops the link, and Undo brings the link back', async () => {
    const me = await createUser(t)
    const citrus = await accord(me)
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    const v1 = (await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }])).json() as BlendVersion
    const v2 = (await save(me, host.id, [{ layer: 'top', versionId: citrus.version.id, percentage: 30 }])).json() as BlendVersion
    const uses = await ok<AccordUses>(me, `/api/blends/${citrus.id}/accord-uses`)
    expect(uses).toEqual({
      blends: [
        {
          id: host.id,
          name: 'Evening Calm',
          versions: [
            { id: v1.id, referenceNumber: v1.referenceNumber, accordReferenceNumber: citrus.version.referenceNumber },
            { id: v2.id, referenceNumber: v2.referenceNumber, accordReferenceNumber: citrus.version.referenceNumber },
          ],
        },
      ],
    })
    expect(await ok<AccordUses>(me, `/api/blends/${host.id}/accord-uses`)).toEqual({ blends: [] })
    const before = await ok<BlendDetail>(me, `/api/blends/${host.id}`)

    expect((await call(me, 'DELETE', `/api/blends/${citrus.id}`)).statusCode).toBe(204)
    const after = await ok<BlendDetail>(me, `/api/blends/${host.id}`)
    // The same oils, the same accords by name, but no link to a blend that is gone.
    expect(after.versions.map((v) => [v.topOils, v.middleOils, v.baseOils])).toEqual(
      before.versions.map((v) => [v.topOils, v.middleOils, v.baseOils]),
    )
    expect(after.versions[1]!.accords).toEqual([{ ...before.versions[1]!.accords[0]!, projectId: null }])

    expect((await call(me, 'POST', `/api/blends/${citrus.id}/restore`)).statusCode).toBe(204)
    expect(await ok<BlendDetail>(me, `/api/blends/${host.id}`)).toEqual(before)
    expect((await ok<AccordUses>(me, `/api/blends/${citrus.id}/accord-uses`)).blends).toHaveLength(1)
  })

  it('says when an accord has a newer version, and follows it in a new version; nothing newer answers 409', async () => {
    const me = await createUser(t)
    const citrus = await accord(me)
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    const pinned = (await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }])).json() as BlendVersion
    const url = `/api/blends/${host.id}/versions/${pinned.id}/follow-accords`
    const none = await call(me, 'POST', url)
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ error: { code: 'NOTHING_NEWER' } })

    const newer = await call(me, 'POST', '/api/blend-versions', {
      projectId: citrus.id,
      topOils: [o('Lemon', 100)],
      middleOils: [],
      baseOils: [],
      accords: [],
    })
    // A layer needs an oil or accord: the newer accord is all Lemon in the top, Bergamot a trace below.
    expect(newer.statusCode).toBe(400)
    const made = await call(me, 'POST', '/api/blend-versions', {
      projectId: citrus.id,
      topOils: [o('Lemon', 80)],
      middleOils: [o('Bergamot', 20)],
      baseOils: [o('Lemon', 0)],
    })
    expect(made.statusCode, made.body).toBe(201)
    const next = made.json() as BlendVersion
    const read = await ok<BlendDetail>(me, `/api/blends/${host.id}`)
    expect(read.versions.find((v) => v.id === pinned.id)!.accords[0]!.newerVersion).toEqual({
      id: next.id,
      referenceNumber: next.referenceNumber,
    })

    const followed = await call(me, 'POST', url)
    expect(followed.statusCode, followed.body).toBe(201)
    const f = followed.json() as CreatedVersion
    expect(f.accords).toEqual([
      {
        ...pinned.accords[0]!,
        versionId: next.id,
        referenceNumber: next.referenceNumber,
        oils: [o('Lemon', 80), o('Bergamot', 20)],
        newerVersion: null,
      },
    ])
    expect(f.middleOils).toEqual([o('Lavender', 30), o('Lemon', 24), o('Bergamot', 6)])
    expect(f.ownOils).toEqual(pinned.ownOils)
    expect(f.formulationNotes).toBe(pinned.formulationNotes)
    // Another user's blend, or a version of another blend: 404.
    const other = await createUser(t)
    expect((await call(other, 'POST', url)).statusCode).toBe(404)
    expect((await call(me, 'POST', `/api/blends/${citrus.id}/versions/${pinned.id}/follow-accords`)).statusCode).toBe(404)
  })

  it('refuses to follow a newer version that would make the blend contain itself', async () => {
    const me = await createUser(t)
    const a = await accord(me, 'Alpha')
    const b = await createBlend(t, me, blendBody(oils, { name: 'Beta' }))
    const bv = (await save(me, b.id, [{ layer: 'middle', versionId: a.version.id, percentage: 30 }])).json() as BlendVersion
    // Alpha's newer version holds Beta's first version (which holds no accord): allowed.
    const an = await save(me, a.id, [{ layer: 'middle', versionId: b.version.id, percentage: 30 }])
    expect(an.statusCode, an.body).toBe(201)
    // Following it would put Alpha (holding Beta) into Beta.
    const res = await call(me, 'POST', `/api/blends/${b.id}/versions/${bv.id}/follow-accords`)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Beta cannot contain Alpha')
  })

  it('shares the flattened recipe with the accord named, never its notes; a copy takes the flattened oils', async () => {
    const [me, reader] = [await createUser(t), await createUser(t)]
    const citrus = await createBlend(
      t,
      me,
      blendBody(oils, {
        name: 'Citrus Dawn',
        notes: 'secret supplier trick',
        topNote: oils.Lemon!.id,
        middleNote: oils.Bergamot!.id,
        baseNote: oils.Lemon!.id,
        topPercentage: 60,
        middlePercentage: 40,
        basePercentage: 0,
      }),
    )
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    const v = (await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }])).json() as BlendVersion
    const link = await call(me, 'POST', `/api/blends/${host.id}/shares`, { versionId: v.id, includeNotes: true })
    expect(link.statusCode, link.body).toBe(201)
    const { token } = link.json() as { token: string }
    const shared = (await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).json() as SharedBlend
    expect(shared.layers.middle.map((x) => [x.name, x.percentage])).toEqual([
      ['Lavender', 30],
      ['Lemon', 18],
      ['Bergamot', 12],
    ])
    expect(shared.accords).toEqual([
      { layer: 'middle', name: 'Citrus Dawn', referenceNumber: citrus.version.referenceNumber, percentage: 30 },
    ])
    expect(JSON.stringify(shared)).not.toContain('secret supplier trick')

    const copy = await call(reader, 'POST', `/api/shared/${token}/copy`)
    expect(copy.statusCode, copy.body).toBe(201)
    const copied = copy.json() as CopiedBlend
    const mine = await ok<BlendDetail>(reader, `/api/blends/${copied.id}`)
    expect(mine.versions[0]!.middleOils).toEqual(v.middleOils)
    expect(mine.versions[0]!.accords).toEqual([])
    expect(mine.versions[0]!.ownOils).toBeNull()
  })

  it('exports the flattened oils beside the accords, so an import into another journal keeps the composition and the accord', async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    const citrus = await accord(me)
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    const v = (await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }])).json() as BlendVersion
    const file = await ok<ExportFile>(me, '/api/export')
    const exported = file.blends.find((b) => b.name === 'Evening Calm')!.versions.find((x) => x.id === v.id)!
    expect(exported.middleOils.map((x) => [x.name, x.percentage])).toEqual([
      ['Lavender', 30],
      ['Lemon', 18],
      ['Bergamot', 12],
    ])
    const imported = await call(other, 'POST', '/api/import', file)
    expect(imported.statusCode, imported.body).toBe(201)
    const projects = await ok<BlendProject[]>(other, '/api/blend-projects')
    const copy = projects.find((p) => p.name === 'Evening Calm')!.versions.find((x) => x.referenceNumber.endsWith('b'))!
    expect([copy.topOils, copy.middleOils, copy.baseOils]).toEqual([v.topOils, v.middleOils, v.baseOils])
    // Export version 5 (decision 072, amended 2026-11-27): the accord comes back, linked to the imported Citrus Dawn.
    const importedCitrus = projects.find((p) => p.name === 'Citrus Dawn')!
    expect(copy.accords).toEqual([
      {
        ...v.accords[0]!,
        versionId: importedCitrus.versions[0]!.id,
        projectId: importedCitrus.id,
        referenceNumber: importedCitrus.versions[0]!.referenceNumber,
      },
    ])
  })

  it('keeps an own ingredient in use while a blend holds it only inside an accord whose blend is deleted', async () => {
    const me = await createUser(t)
    const made = await call(me, 'POST', '/api/ingredients', {
      name: 'Accord FCF',
      basedOnOilId: oils.Bergamot!.id,
      safety: { phototoxic: false },
    })
    expect(made.statusCode, made.body).toBe(201)
    const fcf = (made.json() as { id: number }).id
    const citrus = await createBlend(t, me, blendBody(oils, { name: 'Citrus Dawn', topNote: fcf }))
    const host = await createBlend(t, me, blendBody(oils, { name: 'Evening Calm' }))
    expect((await save(me, host.id, [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }])).statusCode).toBe(201)
    expect((await call(me, 'DELETE', `/api/blends/${citrus.id}`)).statusCode).toBe(204)
    const refused = await call(me, 'DELETE', `/api/ingredients/${fcf}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('Evening Calm')
  })
})
