import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { proposeCompliance, type ComplianceOutcome } from '#server/compliance/compliance.solver.ts'
import {
  dermalLimits,
  flattenComposition,
  highestPercentage,
  sharesByOil,
  withinLimit,
  type ComplianceAccord,
  type ComplianceInput,
  type ComplianceLayers,
  type OilLimit,
  type UnknownLimit,
} from '#shared/domain/compliance.ts'
import { NOTE_TYPES, type NoteType } from '#shared/domain/vocabulary.ts'

const oil = (id: number, percentage: number) => ({ id, name: `Oil ${id}`, percentage })
const limit = (oilId: number, maxPercent: number): OilLimit => ({
  oilId,
  name: `Oil ${oilId}`,
  kind: 'dermal',
  maxPercent,
  source: 'test',
})
const layerTotal = (layers: ComplianceLayers, layer: NoteType) => layers[layer].reduce((sum, o) => sum + o.percentage, 0)

function expectProposal(answer: ComplianceOutcome) {
  if (answer.outcome !== 'proposal') throw new Error(`expected a proposal, got ${answer.outcome}`)
  return answer
}

/** The composition every limit reads: own oils and the accords' oils, flattened. */
const flat = (input: ComplianceInput) => flattenComposition(input.layers, input.accords)

/** What every proposal must be: within every limit, each layer's total kept, no share below 0, no unknown oil raised, accords kept whole. */
function expectSound(input: ComplianceInput, answer: ComplianceOutcome) {
  if (answer.outcome !== 'proposal') return
  const after = sharesByOil(answer.layers)
  const before = sharesByOil(flat(input))
  for (const l of input.limits) expect(((after.get(l.oilId) ?? 0) * input.productPercentage) / 100).toBeLessThanOrEqual(l.maxPercent + 1e-9)
  for (const layer of NOTE_TYPES)
    expect(Math.abs(layerTotal(answer.layers, layer) - layerTotal(flat(input), layer))).toBeLessThanOrEqual(0.1)
  for (const layer of NOTE_TYPES) for (const o of answer.layers[layer]) expect(o.percentage).toBeGreaterThanOrEqual(0)
  for (const u of input.unknown) expect(after.get(u.oilId) ?? 0).toBeLessThanOrEqual((before.get(u.oilId) ?? 0) + 1e-9)
  // The lines, stored as versions store them: hundredths; each accord still one line, in its layer.
  const lines = [...NOTE_TYPES.flatMap((layer) => answer.own[layer]), ...answer.accords]
  for (const o of lines) expect(Math.abs(o.percentage * 100 - Math.round(o.percentage * 100))).toBeLessThan(1e-9)
  expect(answer.accords.map((a) => [a.layer, a.versionId])).toEqual((input.accords ?? []).map((a) => [a.layer, a.versionId]))
  // The flattened answer is the proposed lines flattened: an accord's oils moved together, in its proportions.
  const byId = new Map((input.accords ?? []).map((a) => [a.versionId, a]))
  const reflattened = flattenComposition(
    answer.own,
    answer.accords.map((a) => ({ ...byId.get(a.versionId)!, percentage: a.percentage })),
  )
  for (const layer of NOTE_TYPES) expect(answer.layers[layer]).toEqual(reflattened[layer])
}

describe('make it compliant (the solver)', () => {
  it('lowers the over-limit oil to its limit and gives its share to the rest of its layer, in proportion', async () => {
    // Lotion at 2%: oil 1 at 30% of the blend is 0.6% of the product; its maximum is 0.4% (cap 20% of the blend).
    const input: ComplianceInput = {
      layers: { Top: [oil(1, 30), oil(2, 10), oil(3, 20)], Middle: [oil(4, 25)], Base: [oil(5, 15)] },
      productPercentage: 2,
      limits: [limit(1, 0.4), limit(2, 5)],
      unknown: [],
    }
    const answer = expectProposal(await proposeCompliance(input))
    expectSound(input, answer)
    expect(answer.layers.Top).toEqual([oil(1, 20), oil(2, 13.33), oil(3, 26.67)])
    expect(answer.layers.Middle).toEqual([oil(4, 25)])
    expect(answer.layers.Base).toEqual([oil(5, 15)])
    expect(answer.change).toBe(20)
    expect(answer.limits.find((l) => l.oilId === 1)).toMatchObject({ before: 0.6, after: 0.4, binding: true })
    expect(answer.oils.find((o) => o.id === 1)).toMatchObject({ layer: 'Top', before: 30, after: 20, delta: -10 })
  })

  it('answers "within" when nothing is over, and changes nothing', async () => {
    const input: ComplianceInput = {
      layers: { Top: [oil(1, 20)], Middle: [oil(2, 50)], Base: [oil(3, 30)] },
      productPercentage: 2,
      limits: [limit(1, 0.4)],
      unknown: [],
    }
    expect((await proposeCompliance(input)).outcome).toBe('within')
  })

  it('counts an oil in several layers once, and never raises an oil with no limit on file', async () => {
    const unknown: UnknownLimit[] = [{ oilId: 3, name: 'Oil 3', kind: 'dermal', message: 'no data' }]
    const input: ComplianceInput = {
      layers: { Top: [oil(1, 20), oil(3, 10)], Middle: [oil(1, 20), oil(2, 30)], Base: [oil(4, 20)] },
      productPercentage: 1,
      limits: [limit(1, 0.3)],
      unknown,
    }
    const answer = expectProposal(await proposeCompliance(input))
    expectSound(input, answer)
    const after = sharesByOil(answer.layers)
    expect(after.get(1)).toBe(30)
    // Oil 3 (no data) stays as it was: the top layer cannot give oil 1's share to it, so the middle does.
    expect(after.get(3)).toBe(10)
    expect(answer.change).toBe(20)
  })

  it('says when no change inside the layers can do it, and gives the highest percentage at which the blend is within', async () => {
    // The top layer is oil 1 alone: its share cannot move.
    const input: ComplianceInput = {
      layers: { Top: [oil(1, 40)], Middle: [oil(2, 40)], Base: [oil(3, 20)] },
      productPercentage: 2,
      limits: [limit(1, 0.5), limit(2, 1)],
      unknown: [],
    }
    const answer = await proposeCompliance(input)
    expect(answer.outcome).toBe('infeasible')
    if (answer.outcome !== 'infeasible') return
    // 0.5 × 100 / 40 = 1.25% of the product.
    expect(answer.highest).toMatchObject({ percentage: 1.25, limit: { oilId: 1 } })
    expect(answer.message).toContain('1.25%')
  })

  it('a limit of 0 means the oil may not be there: 0 when its layer has room, infeasible otherwise', async () => {
    const ok = expectProposal(
      await proposeCompliance({
        layers: { Top: [oil(1, 10), oil(2, 20)], Middle: [oil(3, 50)], Base: [oil(4, 20)] },
        productPercentage: 3,
        limits: [limit(1, 0)],
        unknown: [],
      }),
    )
    expect(ok.layers.Top).toEqual([oil(1, 0), oil(2, 30)])
    const no = await proposeCompliance({
      layers: { Top: [oil(1, 30)], Middle: [oil(3, 50)], Base: [oil(4, 20)] },
      productPercentage: 3,
      limits: [limit(1, 0)],
      unknown: [],
    })
    expect(no).toMatchObject({ outcome: 'infeasible', highest: { percentage: 0 } })
  })

  it('keeps an accord whole: it moves as one line, its oils in their proportions, counted in its layer', async () => {
    // Lotion at 2%: oil 1 is half of the accord (20% of the blend), so 10% of the blend, 0.2% of the product; its maximum is 0.1%.
    const accord: ComplianceAccord = {
      layer: 'Top',
      versionId: 77,
      name: 'Citrus Dawn 001b',
      percentage: 20,
      oils: [oil(1, 50), oil(2, 50)],
    }
    const input: ComplianceInput = {
      layers: { Top: [oil(3, 20)], Middle: [oil(4, 35)], Base: [oil(5, 25)] },
      accords: [accord],
      productPercentage: 2,
      limits: [limit(1, 0.1)],
      unknown: [],
    }
    const answer = expectProposal(await proposeCompliance(input))
    expectSound(input, answer)
    // The accord drops to 10% (oil 1 at 5% of the blend, its cap); oil 3 takes the rest of the top layer.
    expect(answer.accords).toEqual([{ layer: 'Top', versionId: 77, name: 'Citrus Dawn 001b', percentage: 10 }])
    expect(answer.own.Top).toEqual([oil(3, 30)])
    expect(answer.layers.Top).toEqual([oil(3, 30), oil(1, 5), oil(2, 5)])
    expect(answer.oils.filter((o) => o.delta !== 0)).toEqual([
      { kind: 'oil', layer: 'Top', id: 3, name: 'Oil 3', before: 20, after: 30, delta: 10 },
      { kind: 'accord', layer: 'Top', id: 77, name: 'Citrus Dawn 001b', before: 20, after: 10, delta: -10 },
    ])
    expect(answer.change).toBe(20)
    expect(answer.limits.find((l) => l.oilId === 1)).toMatchObject({ before: 0.2, after: 0.1, binding: true })
  })

  it('lowers an oil put in directly rather than an accord that holds a little of it, when that is the smaller change', async () => {
    const input: ComplianceInput = {
      layers: { Top: [oil(1, 20), oil(3, 10)], Middle: [oil(4, 30)], Base: [oil(5, 20)] },
      accords: [{ layer: 'Top', versionId: 9, name: 'Woody Base 002a', percentage: 20, oils: [oil(1, 50), oil(2, 50)] }],
      productPercentage: 2,
      limits: [limit(1, 0.4)],
      unknown: [],
    }
    const answer = expectProposal(await proposeCompliance(input))
    expectSound(input, answer)
    // Oil 1 is 20 + 10 = 30% of the blend; its cap is 20%: 10 points off oil 1 itself, to oil 3, is a change of 20; via the accord it would be 40.
    expect(answer.own.Top).toEqual([oil(1, 10), oil(3, 20)])
    expect(answer.accords[0]).toMatchObject({ percentage: 20 })
    expect(answer.change).toBe(20)
  })

  it('says so when only an accord carries the oil and its layer has nothing else to take its share', async () => {
    const answer = await proposeCompliance({
      layers: { Top: [], Middle: [oil(4, 60)], Base: [oil(5, 20)] },
      accords: [{ layer: 'Top', versionId: 9, name: 'Citrus Dawn 001b', percentage: 20, oils: [oil(1, 50), oil(2, 50)] }],
      productPercentage: 2,
      limits: [limit(1, 0.1)],
      unknown: [],
    })
    // Oil 1 is 10% of the blend, 0.2% of the product: the blend as it is is within at 1%.
    expect(answer).toMatchObject({ outcome: 'infeasible', highest: { percentage: 1, limit: { oilId: 1 } } })
  })

  it('reads the dermal maxima of leave-on products only, and names the oils with none on file', () => {
    const oils = [
      { id: 1, name: 'Bergamot', safety: { maxLeaveOnPercent: 0.4, source: 'Tisserand & Young' } },
      { id: 2, name: 'Vetiver', safety: { maxLeaveOnPercent: null, source: null } },
      { id: 3, name: 'Mystery', safety: null },
    ]
    const lotion = dermalLimits('lotion', oils)
    expect(lotion.limits).toEqual([{ oilId: 1, name: 'Bergamot', kind: 'dermal', maxPercent: 0.4, source: 'Tisserand & Young' }])
    expect(lotion.unknown.map((u) => u.oilId)).toEqual([2, 3])
    expect(dermalLimits('cold-process-soap', oils)).toEqual({ limits: [], unknown: [] })
    expect(dermalLimits('no-such-type', oils)).toEqual({ limits: [], unknown: [] })
  })
})

/**
 * Small random blends on a grid of 10 percentage points (so every feasible point of the grid can be
 * tried): with caps on the grid the programme's optimum is on it too (its matrix is a network's).
 */
const GRID = 10
const accordShape = fc
  .record({ a: fc.integer({ min: 1, max: 4 }), b: fc.integer({ min: 1, max: 4 }), share: fc.constantFrom(20, 25, 50, 60, 75) })
  .filter(({ a, b }) => a !== b)
type Instance = { input: ComplianceInput; caps: Map<number, number> }

const instance = fc
  .record({
    // Layer totals in grid units, each at least 1, summing to 10 (100%).
    cut: fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })).filter(([a, b]) => a + b <= 9),
    layerOils: fc.tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
    ),
    splits: fc.array(fc.nat(100), { minLength: 8, maxLength: 8 }),
    caps: fc.array(fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }), { minLength: 4, maxLength: 4 }),
    unknown: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    P: fc.constantFrom(1, 2, 2.5, 4, 0.5),
    // Per layer, its last line as an accord of two oils (in these proportions) instead of an oil, or not.
    accords: fc.tuple(...NOTE_TYPES.map(() => fc.option(accordShape, { nil: undefined }))),
  })
  .map(({ cut, layerOils, splits, caps, unknown, P, accords }): Instance => {
    const totals = [cut[0], cut[1], 10 - cut[0] - cut[1]]
    let s = 0
    const layers = {} as Record<NoteType, { id: number; name: string; percentage: number }[]>
    NOTE_TYPES.forEach((layer, li) => {
      const ids = layerOils[li]!
      let left = totals[li]!
      layers[layer] = ids.map((id, i) => {
        const units = i === ids.length - 1 ? left : splits[s++ % splits.length]! % (left + 1)
        left -= units
        return oil(id, units * GRID)
      })
    })
    const accordList: ComplianceAccord[] = []
    NOTE_TYPES.forEach((layer, li) => {
      const shape = accords[li]
      if (!shape) return
      const last = layers[layer].pop()!
      accordList.push({
        layer,
        versionId: 100 + li,
        name: `Accord ${li}`,
        percentage: last.percentage,
        oils: [oil(shape.a, shape.share), oil(shape.b, 100 - shape.share)],
      })
    })
    const capMap = new Map<number, number>()
    const limits: OilLimit[] = []
    const unknownList: UnknownLimit[] = []
    caps.forEach((c, i) => {
      const id = i + 1
      if (c !== undefined) {
        capMap.set(id, c)
        limits.push(limit(id, (c * GRID * P) / 100))
      } else if (unknown[i]) unknownList.push({ oilId: id, name: `Oil ${id}`, kind: 'dermal', message: 'no data' })
    })
    const input: ComplianceInput = { layers, productPercentage: P, limits, unknown: unknownList }
    if (accordList.length > 0) input.accords = accordList
    return { input, caps: capMap }
  })

/** Every split of `total` units over `n` entries. */
function splitsOf(total: number, n: number): number[][] {
  if (n === 1) return [[total]]
  const out: number[][] = []
  for (let first = 0; first <= total; first++) for (const rest of splitsOf(total - first, n - 1)) out.push([first, ...rest])
  return out
}

/** The smallest Σ|change| (in points) over every grid point within the limits, or null when there is none. */
function bruteForce({ input, caps }: Instance): number | null {
  // Each layer's lines: its own oils, then its accord (each oil a fraction of the line).
  const lines = NOTE_TYPES.map((layer) => [
    ...input.layers[layer].map((e) => ({ percentage: e.percentage, parts: [[e.id, 1]] as [number, number][] })),
    ...(input.accords ?? [])
      .filter((a) => a.layer === layer)
      .map((a) => ({ percentage: a.percentage, parts: a.oils.map((o): [number, number] => [o.id, o.percentage / 100]) })),
  ])
  const perLayer = lines.map((entries) => {
    const total = entries.reduce((sum, e) => sum + e.percentage / GRID, 0)
    return splitsOf(Math.round(total), entries.length)
  })
  const nowUnits = new Map<number, number>()
  for (const [id, share] of sharesByOil(flat(input))) nowUnits.set(id, share / GRID)
  const bounds = new Map(caps)
  for (const u of input.unknown) bounds.set(u.oilId, Math.min(bounds.get(u.oilId) ?? Infinity, nowUnits.get(u.oilId) ?? 0))
  let best: number | null = null
  for (const a of perLayer[0]!)
    for (const b of perLayer[1]!)
      for (const c of perLayer[2]!) {
        const chosen = [a, b, c]
        const sums = new Map<number, number>()
        let change = 0
        lines.forEach((entries, li) =>
          entries.forEach((e, i) => {
            const units = chosen[li]![i]!
            for (const [id, f] of e.parts) sums.set(id, (sums.get(id) ?? 0) + units * f)
            change += Math.abs(units * GRID - e.percentage)
          }),
        )
        if ([...bounds].every(([id, bound]) => (sums.get(id) ?? 0) <= bound + 1e-9) && (best === null || change < best)) best = change
      }
  return best
}

describe('make it compliant (properties)', () => {
  it('every proposal meets every limit, keeps the layer totals, and no grid point within the limits is a smaller change', async () => {
    const seen = { within: 0, proposal: 0, infeasible: 0, withAccords: 0, accordProposals: 0 }
    await fc.assert(
      fc.asyncProperty(instance, async (inst) => {
        const { input } = inst
        const answer = await proposeCompliance(input)
        seen[answer.outcome] += 1
        const best = bruteForce(inst)
        const before = sharesByOil(flat(input))
        const withAccords = (input.accords ?? []).length > 0
        if (withAccords) seen.withAccords += 1
        if (answer.outcome === 'within') {
          for (const l of input.limits) expect(withinLimit(before.get(l.oilId) ?? 0, input.productPercentage, l.maxPercent)).toBe(true)
          return
        }
        if (answer.outcome === 'infeasible') {
          expect(best).toBeNull()
          const highest = answer.highest
          expect(highest).not.toBeNull()
          // At the highest percentage the blend is within every limit; a hundredth more is over one.
          for (const l of input.limits) expect(withinLimit(before.get(l.oilId) ?? 0, highest!.percentage, l.maxPercent)).toBe(true)
          if (highest!.percentage < 100)
            expect(input.limits.some((l) => !withinLimit(before.get(l.oilId) ?? 0, highest!.percentage + 0.01, l.maxPercent))).toBe(true)
          return
        }
        expectSound(input, answer)
        const entries = NOTE_TYPES.reduce((n, layer) => n + input.layers[layer].length, 0) + (input.accords ?? []).length
        if (withAccords) {
          // An accord's oils are fractions of it, so the optimum may lie off the grid (the solver's is in
          // whole hundredths): no grid point within the limits is a smaller change than the proposal.
          seen.accordProposals += 1
          if (best !== null) expect(answer.change).toBeLessThanOrEqual(best + 1e-6)
          return
        }
        expect(best).not.toBeNull()
        // No feasible point is a smaller change than the proposal's (its rounding to hundredths aside).
        expect(best!).toBeGreaterThanOrEqual(answer.change - 0.01 * entries - 1e-9)
        expect(answer.change).toBeLessThanOrEqual(best! + 0.01 * entries + 1e-9)
      }),
      { numRuns: 300 },
    )
    // The sample reaches all three answers, proposals most.
    expect(seen.proposal).toBeGreaterThan(10)
    expect(seen.infeasible).toBeGreaterThan(0)
    expect(seen.within).toBeGreaterThan(0)
    expect(seen.accordProposals).toBeGreaterThan(5)
  }, 90_000)

  it('the highest percentage is within every limit, on any blend', () => {
    fc.assert(
      fc.property(instance, ({ input }) => {
        const highest = highestPercentage(flat(input), input.limits)
        const before = sharesByOil(flat(input))
        if (!highest) return
        for (const l of input.limits) expect(withinLimit(before.get(l.oilId) ?? 0, highest.percentage, l.maxPercent)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
