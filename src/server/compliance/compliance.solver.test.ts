import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { proposeCompliance, type ComplianceOutcome } from '#server/compliance/compliance.solver.ts'
import {
  dermalLimits,
  highestPercentage,
  sharesByOil,
  withinLimit,
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

/** What every proposal must be: within every limit, each layer's total kept, no share below 0, no unknown oil raised. */
function expectSound(input: ComplianceInput, answer: ComplianceOutcome) {
  if (answer.outcome !== 'proposal') return
  const after = sharesByOil(answer.layers)
  const before = sharesByOil(input.layers)
  for (const l of input.limits) expect(((after.get(l.oilId) ?? 0) * input.productPercentage) / 100).toBeLessThanOrEqual(l.maxPercent + 1e-9)
  for (const layer of NOTE_TYPES)
    expect(Math.abs(layerTotal(answer.layers, layer) - layerTotal(input.layers, layer))).toBeLessThanOrEqual(0.1)
  for (const layer of NOTE_TYPES) for (const o of answer.layers[layer]) expect(o.percentage).toBeGreaterThanOrEqual(0)
  for (const u of input.unknown) expect(after.get(u.oilId) ?? 0).toBeLessThanOrEqual((before.get(u.oilId) ?? 0) + 1e-9)
  // Stored as versions store them: hundredths.
  for (const layer of NOTE_TYPES)
    for (const o of answer.layers[layer]) expect(Math.abs(o.percentage * 100 - Math.round(o.percentage * 100))).toBeLessThan(1e-9)
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
  })
  .map(({ cut, layerOils, splits, caps, unknown, P }): Instance => {
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
    return { input: { layers, productPercentage: P, limits, unknown: unknownList }, caps: capMap }
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
  const perLayer = NOTE_TYPES.map((layer) => {
    const entries = input.layers[layer]
    const total = entries.reduce((sum, e) => sum + e.percentage / GRID, 0)
    return splitsOf(Math.round(total), entries.length)
  })
  const nowUnits = new Map<number, number>()
  for (const [id, share] of sharesByOil(input.layers)) nowUnits.set(id, Math.round(share / GRID))
  const bounds = new Map(caps)
  for (const u of input.unknown) bounds.set(u.oilId, Math.min(bounds.get(u.oilId) ?? Infinity, nowUnits.get(u.oilId) ?? 0))
  let best: number | null = null
  for (const a of perLayer[0]!)
    for (const b of perLayer[1]!)
      for (const c of perLayer[2]!) {
        const chosen = [a, b, c]
        const sums = new Map<number, number>()
        let change = 0
        NOTE_TYPES.forEach((layer, li) =>
          input.layers[layer].forEach((e, i) => {
            const units = chosen[li]![i]!
            sums.set(e.id, (sums.get(e.id) ?? 0) + units)
            change += Math.abs(units * GRID - e.percentage)
          }),
        )
        if ([...bounds].every(([id, bound]) => (sums.get(id) ?? 0) <= bound) && (best === null || change < best)) best = change
      }
  return best
}

describe('make it compliant (properties)', () => {
  it('every proposal meets every limit, keeps the layer totals, and no grid point within the limits is a smaller change', async () => {
    const seen = { within: 0, proposal: 0, infeasible: 0 }
    await fc.assert(
      fc.asyncProperty(instance, async (inst) => {
        const { input } = inst
        const answer = await proposeCompliance(input)
        seen[answer.outcome] += 1
        const best = bruteForce(inst)
        const before = sharesByOil(input.layers)
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
        expect(best).not.toBeNull()
        const entries = NOTE_TYPES.reduce((n, layer) => n + input.layers[layer].length, 0)
        // No feasible point is a smaller change than the proposal's (its rounding to hundredths aside).
        expect(best!).toBeGreaterThanOrEqual(answer.change - 0.01 * entries - 1e-9)
        expect(answer.change).toBeLessThanOrEqual(best! + 0.01 * entries + 1e-9)
      }),
      { numRuns: 200 },
    )
    // The sample reaches all three answers, proposals most.
    expect(seen.proposal).toBeGreaterThan(10)
    expect(seen.infeasible).toBeGreaterThan(0)
    expect(seen.within).toBeGreaterThan(0)
  }, 60_000)

  it('the highest percentage is within every limit, on any blend', () => {
    fc.assert(
      fc.property(instance, ({ input }) => {
        const highest = highestPercentage(input.layers, input.limits)
        const before = sharesByOil(input.layers)
        if (!highest) return
        for (const l of input.limits) expect(withinLimit(before.get(l.oilId) ?? 0, highest.percentage, l.maxPercent)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
