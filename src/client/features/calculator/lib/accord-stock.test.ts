import { describe, expect, it } from 'vitest'
import type { AccordUse } from '#shared/api/blends.ts'
import type { Batch } from '#shared/api/shelf.ts'
import { accordChoices, accordHolding } from '#client/features/calculator/lib/accord-stock.ts'

describe('an accord’s stock in the calculator (decision 074)', () => {
  it('gives the calculator the accord’s stock and cost as a holding in mL', () => {
    const batch = (over: Partial<Batch>): Batch =>
      ({
        versionId: 7,
        weight: 10,
        unit: 'g',
        oilPercentage: 100,
        totalCost: 20,
        costIsPartial: false,
        remainingGrams: 4,
        ...over,
      }) as Batch
    const held = accordHolding([batch({}), batch({ versionId: 8, remainingGrams: 50 }), batch({ remainingGrams: null })], 7, 0.8)
    expect(held.remainingMl).toBeCloseTo(5, 9)
    expect(held.costPerMl).toBeCloseTo(2 * 0.8, 9)
    expect(accordHolding([], 7, 0.8)).toEqual({ remainingMl: 0, costPerMl: null })
  })

  it('offers one choice per accord, even when it sits in two layers', () => {
    const use = (layer: AccordUse['layer'], versionId: number) => ({ layer, versionId }) as AccordUse
    expect(accordChoices([use('top', 7), use('base', 7), use('middle', 8)]).map((a) => [a.layer, a.versionId])).toEqual([
      ['top', 7],
      ['middle', 8],
    ])
  })
})
