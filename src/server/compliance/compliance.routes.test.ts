import { describe, expect, it } from 'vitest'
import type { BlendProject, BlendVersion } from '#shared/api/blends.ts'
import type { ComplianceAnswer, CompliantVersion } from '#shared/api/compliance.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp, type TestContext } from '#tests/support/use-test-app.ts'

const total = (oils: readonly { percentage: number }[]) => Math.round(oils.reduce((sum, o) => sum + o.percentage, 0) * 100) / 100

describe.each(ENGINES)('make it compliant on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser, call: TestContext['call']
  useTestApp(engine, (ctx) => ({ t, oils, user, call } = ctx))

  /** A blend whose version b has Bergamot 15 and Lemon 15 on top: at 3% in a lotion, Bergamot is 0.45% (its maximum 0.4%). */
  async function overLimitBlend(who: TestUser = user) {
    const blend = await createBlend(t, who, blendBody(oils, { name: `Over ${Math.random()}` }))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blend-versions',
      headers: bearer(who.token),
      payload: versionBody(oils, blend.id),
    })
    expect(res.statusCode).toBe(201)
    return { blendId: blend.id, version: res.json() as BlendVersion, first: blend.version }
  }
  const url = (blendId: number, versionId: number, save = false) =>
    `/api/blends/${blendId}/versions/${versionId}/compliance${save ? '/save' : ''}`

  it('proposes the smallest change within the limits, keeps the layer totals, and names the binding limit', async () => {
    const { blendId, version } = await overLimitBlend()
    const res = await call('POST', url(blendId, version.id), { productType: 'lotion', productPercentage: 3 })
    expect(res.statusCode).toBe(200)
    const answer = res.json() as ComplianceAnswer
    expect(answer.outcome).toBe('proposal')
    if (answer.outcome !== 'proposal') return
    // 0.4 × 100 / 3 = 13.33…: rounded down, so within; Lemon takes the rest of the top layer.
    expect(answer.proposed.topOils).toEqual([
      { id: oils.Bergamot!.id, name: 'Bergamot', percentage: 13.33 },
      { id: oils.Lemon!.id, name: 'Lemon', percentage: 16.67 },
    ])
    expect(total(answer.proposed.topOils)).toBe(30)
    expect(answer.proposed.middleOils).toEqual(version.middleOils)
    expect(answer.proposed.baseOils).toEqual(version.baseOils)
    expect(answer.change).toBeCloseTo(3.34, 9)
    const bergamot = answer.limits.find((l) => l.oilId === oils.Bergamot!.id)!
    expect(bergamot).toMatchObject({ kind: 'dermal', maxPercent: 0.4, binding: true })
    expect(bergamot.before).toBeCloseTo(0.45, 9)
    expect(bergamot.after).toBeLessThanOrEqual(0.4 + 1e-9)
    // Lavender and Atlas Cedarwood have no published maximum: named, not read as safe.
    expect(answer.unknown.map((u) => u.name).sort()).toEqual(['Atlas Cedarwood', 'Lavender'])
    expect(answer.current.topOils).toEqual(version.topOils)
    expect(answer).toMatchObject({ blend: { id: blendId }, version: { id: version.id, referenceNumber: version.referenceNumber } })
  })

  it('keeps an accord whole: the accord is one line that moves, its oils in their proportions, beside the oils put in directly', async () => {
    const accordBlend = await overLimitBlend()
    const { blendId, version } = await overLimitBlend()
    const accordName = (await call('GET', `/api/blends/${accordBlend.blendId}`)).json() as { name: string }
    // Until the accords' keeper saves accords (decision 072), the test writes the stored line as it
    // will: the accord (Bergamot 75, Lemon 25) at 20% of the blend, beside Lemon 10% on top.
    const snapshot = {
      versionId: accordBlend.version.id,
      projectId: accordBlend.blendId,
      name: accordName.name,
      referenceNumber: accordBlend.version.referenceNumber,
      oils: [
        { id: oils.Bergamot!.id, name: 'Bergamot', percentage: 75 },
        { id: oils.Lemon!.id, name: 'Lemon', percentage: 25 },
      ],
      contains: [accordBlend.blendId],
      depth: 1,
    }
    await t.db.kysely
      .updateTable('blend_versions')
      .set({
        top_oils: JSON.stringify([
          { accord: snapshot, percentage: 20 },
          { id: oils.Lemon!.id, name: 'Lemon', percentage: 10 },
        ]),
      })
      .where('id', '=', version.id)
      .execute()
    const answer = (
      await call('POST', url(blendId, version.id), { productType: 'lotion', productPercentage: 3 })
    ).json() as ComplianceAnswer
    if (answer.outcome !== 'proposal') throw new Error(`expected a proposal, got ${answer.outcome}`)
    // Bergamot is 15% of the blend (0.45% of a 3% lotion); at most 13.33%: the accord drops to 17.77% (Bergamot 13.3275%).
    const line = `${accordName.name} ${accordBlend.version.referenceNumber}`
    expect(answer.accords).toEqual([{ layer: 'top', versionId: accordBlend.version.id, name: line, percentage: 17.77 }])
    expect(answer.ownOils?.topOils).toEqual([{ id: oils.Lemon!.id, name: 'Lemon', percentage: 12.23 }])
    expect(answer.ownOils?.middleOils).toEqual(version.middleOils)
    expect(answer.oils.filter((o) => o.delta !== 0)).toEqual([
      { kind: 'oil', layer: 'Top', id: oils.Lemon!.id, name: 'Lemon', before: 10, after: 12.23, delta: 2.23 },
      { kind: 'accord', layer: 'Top', id: accordBlend.version.id, name: line, before: 20, after: 17.77, delta: -2.23 },
    ])
    // The flattened proposal: Bergamot within its maximum, the top layer's total kept.
    expect(total(answer.proposed.topOils)).toBe(30)
    expect(answer.proposed.topOils.find((o) => o.id === oils.Bergamot!.id)!.percentage).toBeCloseTo(13.3275, 9)
    expect(answer.limits.find((l) => l.oilId === oils.Bergamot!.id)!.after).toBeLessThanOrEqual(0.4)
    expect(answer.message).toContain('an accord moves whole')
  })

  it('answers "within" for a blend within its limits, and for a product with no limits on file', async () => {
    const { blendId, version } = await overLimitBlend()
    const low = (await call('POST', url(blendId, version.id), { productType: 'lotion', productPercentage: 1 })).json() as ComplianceAnswer
    expect(low.outcome).toBe('within')
    const soap = (await call('POST', url(blendId, version.id), { productType: 'cold-process-soap', productPercentage: 3 })).json()
    expect(soap).toMatchObject({ outcome: 'within', limits: [], unknown: [] })
  })

  it('says when no change inside the layers can do it, with the highest percentage and the oil that sets it', async () => {
    // Version a: Bergamot 30% alone on top; at 2% it is 0.6% of the lotion, over 0.4%.
    const { blendId, first } = await overLimitBlend()
    const answer = (await call('POST', url(blendId, first.id), { productType: 'lotion', productPercentage: 2 })).json() as ComplianceAnswer
    expect(answer).toMatchObject({ outcome: 'infeasible', highestPercentage: 1.33, limitingOil: { name: 'Bergamot', kind: 'dermal' } })
    const save = await call('POST', url(blendId, first.id, true), { productType: 'lotion', productPercentage: 2 })
    expect(save.statusCode).toBe(409)
    expect(save.json().error.code).toBe('NO_PROPOSAL')
  })

  it('saves the proposal as the next version through the blends’ command, once per Idempotency-Key', async () => {
    const { blendId, version } = await overLimitBlend()
    const key = `k-${Math.random()}`
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: url(blendId, version.id, true),
        headers: { ...bearer(user.token), 'idempotency-key': key },
        payload: { productType: 'lotion', productPercentage: 3 },
      })
    const res = await send()
    expect(res.statusCode).toBe(201)
    const saved = res.json() as CompliantVersion
    expect(saved.version).toMatchObject({ versionLetter: 'c', outcome: 'versioned', blend: { id: blendId } })
    expect(saved.version.topOils).toEqual([
      { id: oils.Bergamot!.id, name: 'Bergamot', percentage: 13.33 },
      { id: oils.Lemon!.id, name: 'Lemon', percentage: 16.67 },
    ])
    expect(saved.version.effects).toEqual(version.effects)
    expect(saved.version.formulationNotes).toContain(`Made compliant from ${version.referenceNumber}`)
    // The repeat answers the same version and saves nothing more.
    const again = await send()
    expect(again.json().version.id).toBe(saved.version.id)
    const mine = ((await call('GET', '/api/blend-projects')).json() as BlendProject[]).find((p) => p.id === blendId)!
    expect(mine.versions.map((v) => v.versionLetter)).toEqual(['a', 'b', 'c'])
    // The new version is within: asking again says so.
    const check = (await call('POST', url(blendId, saved.version.id), { productType: 'lotion', productPercentage: 3 })).json()
    expect(check.outcome).toBe('within')
  })

  it('answers 404 for another user’s blend or version, and for a version of another blend', async () => {
    const other = await createUser(t)
    const theirs = await overLimitBlend(other)
    const mine = await overLimitBlend()
    const body = { productType: 'lotion', productPercentage: 3 }
    for (const path of [
      url(theirs.blendId, theirs.version.id),
      url(mine.blendId, theirs.version.id),
      url(theirs.blendId, mine.version.id),
      url(theirs.blendId, theirs.version.id, true),
    ]) {
      const res = await call('POST', path, body)
      expect(res.statusCode, path).toBe(404)
    }
    // Nothing was saved to their blend.
    const projects = (await call('GET', '/api/blend-projects', undefined, other)).json() as BlendProject[]
    expect(projects.find((p) => p.id === theirs.blendId)!.versions).toHaveLength(2)
  })

  it('refuses a body that is not a product type and a percentage, naming the field', async () => {
    const { blendId, version } = await overLimitBlend()
    for (const [body, field] of [
      [{ productType: 'moon-rock', productPercentage: 2 }, 'body.productType'],
      [{ productType: 'lotion', productPercentage: 0 }, 'body.productPercentage'],
      [{ productType: 'lotion', productPercentage: 101 }, 'body.productPercentage'],
      [{ productType: 'lotion', productPercentage: 2, extra: 1 }, 'body'],
    ] as const) {
      const res = await call('POST', url(blendId, version.id), body)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.details[0].path).toBe(field)
    }
  })

  it('takes who it is for: a child’s total bounds the percentage itself, so it answers the highest percentage within it', async () => {
    const { blendId, version } = await overLimitBlend()
    const request = { productType: 'lotion', productPercentage: 3, audience: 'child-2-6-years' }
    const answer = (await call('POST', url(blendId, version.id), request)).json() as ComplianceAnswer
    expect(answer.outcome).toBe('infeasible')
    if (answer.outcome !== 'infeasible') return
    // Bergamot alone would allow 0.4 × 100 / 15 = 2.66%; the band's total (2%) is lower, and it is named.
    expect(answer.highestPercentage).toBe(2)
    expect(answer.limitingOil).toMatchObject({ name: 'Total essential oil', kind: 'audience' })
    expect(answer.message).toContain('Children 2-6 years: at most 2%')
    // Within the band's total, the same blend is within every limit for a child.
    const low = (await call('POST', url(blendId, version.id), { ...request, productPercentage: 1.5 })).json() as ComplianceAnswer
    expect(low.outcome).toBe('within')
    const save = await call('POST', url(blendId, version.id, true), request)
    expect(save.statusCode).toBe(409)
  })

  it('with the batch weight, adds the IFRA limits of the lots the batch would draw; without it, says IFRA was not checked', async () => {
    const { blendId, version } = await overLimitBlend()
    const bottle = async (oil: string, limit: number) => {
      const res = await call('POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 100 })
      expect(res.statusCode, res.body).toBe(201)
      const put = await call('PUT', `/api/shelf/bottles/${res.json().id}/ifra-certificate`, {
        amendment: '51st',
        issuedOn: '2026-03-14',
        limits: [{ category: '5A', limit }],
      })
      expect(put.statusCode, put.body).toBe(200)
    }
    await bottle('Bergamot', 0.3)
    await bottle('Lemon', 2)
    const without = (
      await call('POST', url(blendId, version.id), { productType: 'lotion', productPercentage: 3 })
    ).json() as ComplianceAnswer
    expect(without.notChecked.join(' ')).toContain('IFRA limits: not checked without the batch weight')
    expect(without.limits.some((l) => l.kind === 'ifra')).toBe(false)

    const request = { productType: 'lotion', productPercentage: 3, weight: 100, unit: 'g' }
    const answer = (await call('POST', url(blendId, version.id), request)).json() as ComplianceAnswer
    expect(answer.outcome).toBe('proposal')
    if (answer.outcome !== 'proposal') return
    expect(answer.notChecked).toEqual([])
    // The certificate's 0.3% binds before the leave-on 0.4%: Bergamot at most 0.3 × 100 / 3 = 10% of the blend.
    expect(answer.proposed.topOils).toEqual([
      { id: oils.Bergamot!.id, name: 'Bergamot', percentage: 10 },
      { id: oils.Lemon!.id, name: 'Lemon', percentage: 20 },
    ])
    expect(answer.limits.find((l) => l.kind === 'ifra' && l.oilId === oils.Bergamot!.id)).toMatchObject({ maxPercent: 0.3, binding: true })
    // Lavender and Atlas Cedarwood have no bottle: unknown for IFRA, never read as unrestricted.
    expect(
      answer.unknown
        .filter((u) => u.kind === 'ifra')
        .map((u) => u.name)
        .sort(),
    ).toEqual(['Atlas Cedarwood', 'Lavender'])
  })
})
