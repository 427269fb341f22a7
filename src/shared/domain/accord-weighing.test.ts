import { describe, expect, it } from 'vitest'
import {
  accordCostPerGram,
  accordDensity,
  accordRowId,
  neatCostPerGram,
  planNeatDraws,
  weighingLines,
  type WeighableVersion,
} from '#shared/domain/accord-weighing.ts'
import { calculateBatch } from '#shared/domain/calculator.ts'

const density: Record<number, number> = { 1: 0.85, 2: 0.88, 3: 0.95, 4: 0.85 }
const densityOf = (id: number) => density[id]
/** Lemon 30 on its own; Citrus Dawn (Bergamot 30, Lavender 50, Cedarwood 20) at 50 % in the middle; Cedarwood 20 in the base. */
const version: WeighableVersion = {
  topOils: [{ id: 4, name: 'Lemon', percentage: 30 }],
  middleOils: [
    { id: 1, name: 'Bergamot', percentage: 15 },
    { id: 2, name: 'Lavender', percentage: 25 },
    { id: 3, name: 'Atlas Cedarwood', percentage: 10 },
  ],
  baseOils: [{ id: 3, name: 'Atlas Cedarwood', percentage: 20 }],
  accords: [
    {
      layer: 'middle',
      versionId: 7,
      name: 'Citrus Dawn',
      referenceNumber: '001b',
      percentage: 50,
      oils: [
        { id: 1, name: 'Bergamot', percentage: 30 },
        { id: 2, name: 'Lavender', percentage: 50 },
        { id: 3, name: 'Atlas Cedarwood', percentage: 20 },
      ],
    },
  ],
}
const amounts = { weight: 100, unit: 'g' as const, oilPercentage: 10 }

describe('weighing an accord (decision 074)', () => {
  it('weighs its oils by default: the flattened composition', () => {
    expect(weighingLines(version, new Set(), densityOf).map((l) => [l.name, l.percentage])).toEqual([
      ['Lemon', 30],
      ['Bergamot', 15],
      ['Lavender', 25],
      ['Atlas Cedarwood', 10],
      ['Atlas Cedarwood', 20],
    ])
  })

  it('weighs it as one line: its oils leave the layer, an oil on its own keeps its own share, the mL match its oils’', () => {
    const lines = weighingLines(version, new Set([7]), densityOf)
    expect(lines.map((l) => [l.id, l.name, l.layer, l.percentage])).toEqual([
      [4, 'Lemon', 'Top', 30],
      [accordRowId(7), 'Citrus Dawn 001b', 'Middle', 50],
      [3, 'Atlas Cedarwood', 'Base', 20],
    ])
    const oneLine = calculateBatch({ ...amounts, oils: lines })
    const asOils = calculateBatch({ ...amounts, oils: weighingLines(version, new Set(), densityOf) })
    const accordRow = oneLine.rows.find((r) => r.id === accordRowId(7))!
    expect(accordRow.grams).toBeCloseTo(5, 9)
    // The accord's mL are its oils' mL added: its density is their weight-weighted (harmonic) mean.
    const oilsMl = asOils.rows.filter((r) => r.layer === 'Middle').reduce((sum, r) => sum + r.ml, 0)
    expect(accordRow.ml).toBeCloseTo(oilsMl, 9)
    expect(oneLine.totalOil.grams).toBe(asOils.totalOil.grams)
    expect(oneLine.totalOil.ml).toBeCloseTo(asOils.totalOil.ml, 9)
  })

  it('takes the accord’s density as 100 / sum(share / density)', () => {
    expect(accordDensity(version.accords[0]!.oils, densityOf)).toBeCloseTo(100 / (30 / 0.85 + 50 / 0.88 + 20 / 0.95), 12)
    // An oil of unknown density counts at the calculator's fallback, 0.9.
    expect(accordDensity([{ id: 99, percentage: 100 }], densityOf)).toBe(0.9)
  })

  it('draws neat batches oldest first and names what they lack', () => {
    const batches = [
      { id: 2, code: 'B', madeOn: '2026-11-10', remainingGrams: 4, costPerGram: 1 },
      { id: 1, code: 'A', madeOn: '2026-11-02', remainingGrams: 3, costPerGram: null },
    ]
    expect(planNeatDraws(5, batches)).toEqual({
      draws: [
        { batchId: 1, grams: 3, emptied: true },
        { batchId: 2, grams: 2, emptied: false },
      ],
      shortGrams: 0,
    })
    expect(planNeatDraws(9, batches).shortGrams).toBe(2)
    expect(planNeatDraws(5, []).shortGrams).toBe(5)
  })

  it('prices an accord at its priced neat batches’ cost per gram, weighted by what is left, and never 0 for no price', () => {
    expect(neatCostPerGram({ totalCost: 6, costIsPartial: false, grams: 3 })).toBe(2)
    expect(neatCostPerGram({ totalCost: 6, costIsPartial: true, grams: 3 })).toBeNull()
    expect(neatCostPerGram({ totalCost: null, costIsPartial: false, grams: 3 })).toBeNull()
    expect(
      accordCostPerGram([
        { remainingGrams: 1, costPerGram: 2 },
        { remainingGrams: 3, costPerGram: 4 },
        { remainingGrams: 5, costPerGram: null },
      ]),
    ).toBe(3.5)
    expect(accordCostPerGram([{ remainingGrams: 5, costPerGram: null }])).toBeNull()
  })
})
