import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TypedNumber } from '#shared/domain/units.ts'
import {
  amountProblem,
  calculateBatch,
  largestRemainder,
  layerPercentage,
  missingInputs,
  oilWeight,
  totalOilWeight,
  type CalculatorOil,
} from '#shared/domain/calculator.ts'

const trio: CalculatorOil[] = [
  { id: 1, name: 'Bergamot', layer: 'Top', percentage: 30, densityGPerMl: 0.85 },
  { id: 2, name: 'Lavender', layer: 'Middle', percentage: 50, densityGPerMl: 0.88 },
  { id: 3, name: 'Atlas Cedarwood', layer: 'Base', percentage: 20, densityGPerMl: 0.94 },
]

describe('calculator', () => {
  it.each([
    [500, 2, 10],
    [1000, 0.5, 5],
    [250, 8, 20],
    [0, 2, 0],
    [500, 0, 0],
  ])('total oil for %s at %s% is %s', (weight, pct, total) => {
    expect(totalOilWeight(weight, pct)).toBeCloseTo(total)
  })

  it.each([
    [10, 30, 3],
    [10, 50, 5],
    [10, 20, 2],
    [10, 15, 1.5],
  ])('an oil of %s total at %s% weighs %s', (total, pct, grams) => {
    expect(oilWeight(total, pct)).toBeCloseTo(grams)
  })

  it.each([
    ['Top', null, 30],
    ['Middle', null, 50],
    ['Base', Number.NaN, 20],
    ['Top', 15, 15],
  ] as const)('uses 30/50/20 when a %s percentage is missing (%s gives %s)', (layer, percentage, expected) => {
    expect(layerPercentage({ layer, percentage })).toBe(expected)
  })

  it('turns 500 g at 2% into 10 g of oil split 3 / 5 / 2 g', () => {
    const result = calculateBatch({ weight: 500, unit: 'g', oilPercentage: 2, oils: trio })
    expect(result.totalOil.grams).toBeCloseTo(10)
    expect(result.rows.map((r) => r.grams)).toEqual([expect.closeTo(3), expect.closeTo(5), expect.closeTo(2)])
    expect(result.rows.map((r) => r.productPercentage)).toEqual([expect.closeTo(0.6), expect.closeTo(1), expect.closeTo(0.4)])
    expect(result.rows[0]!.ml).toBeCloseTo(3 / 0.85)
    expect(result.rows[0]!.drops).toBeCloseTo((3 / 0.85) * 20)
    expect(result.totalOil.ml).toBeCloseTo(3 / 0.85 + 5 / 0.88 + 2 / 0.94)
    expect(result.baseGrams).toBeCloseTo(490)
  })

  it('works in ounces: 16 oz at 2% is 0.32 oz (about 9.07 g) of oil', () => {
    const result = calculateBatch({ weight: 16, unit: 'oz', oilPercentage: 2, oils: trio })
    expect(result.totalOil.inUnit).toBeCloseTo(0.32)
    expect(result.totalOil.grams).toBeCloseTo(9.0718, 3)
    expect(result.rows[1]!.inUnit).toBeCloseTo(0.16)
    expect(result.productGrams).toBeCloseTo(453.59237)
  })

  it('works in pounds: 2 lb at 5% is 0.1 lb (about 45.36 g) of oil', () => {
    const result = calculateBatch({ weight: 2, unit: 'lb', oilPercentage: 5, oils: trio })
    expect(result.totalOil.inUnit).toBeCloseTo(0.1)
    expect(result.totalOil.grams).toBeCloseTo(45.359237)
  })

  it('falls back to a typical density when an oil has none', () => {
    const result = calculateBatch({
      weight: 100,
      unit: 'g',
      oilPercentage: 9,
      oils: [{ id: 9, name: 'Mystery', layer: 'Base', percentage: 100 }],
    })
    expect(result.rows[0]!.ml).toBeCloseTo(10)
  })

  it('splits several oils in a layer by their own percentages', () => {
    const result = calculateBatch({
      weight: 200,
      unit: 'g',
      oilPercentage: 5,
      oils: [
        { id: 1, name: 'Bergamot', layer: 'Top', percentage: 15 },
        { id: 4, name: 'Lemon', layer: 'Top', percentage: 15 },
        { id: 2, name: 'Lavender', layer: 'Middle', percentage: 70 },
      ],
    })
    expect(result.rows.map((r) => r.grams)).toEqual([expect.closeTo(1.5), expect.closeTo(1.5), expect.closeTo(7)])
  })

  const blank: TypedNumber = { kind: 'blank' }
  const typed = (value: number): TypedNumber => ({ kind: 'number', value, decimals: 0 })

  it.each([
    [{ hasBlend: false, weight: blank, oilPercentage: blank }, ['blend', 'total product weight', 'essential oil percentage']],
    [{ hasBlend: true, weight: typed(500), oilPercentage: blank }, ['essential oil percentage']],
    [{ hasBlend: true, weight: blank, oilPercentage: typed(2) }, ['total product weight']],
    [{ hasBlend: true, weight: typed(500), oilPercentage: typed(2) }, []],
  ])('names what is missing for %o', (input, missing) => {
    expect(missingInputs(input)).toEqual(missing)
  })

  it('calls a weight of zero or below too small, not missing', () => {
    expect(missingInputs({ hasBlend: true, weight: typed(0), oilPercentage: typed(2) })).toEqual([])
    expect(amountProblem(typed(0))).toBe('Must be greater than 0')
    expect(amountProblem(typed(-3))).toBe('Must be greater than 0')
    expect(amountProblem(typed(0.01))).toBeNull()
    expect(amountProblem(blank)).toBeNull()
  })

  it('says an unreadable amount is not a number, with an example in the locale', () => {
    expect(amountProblem({ kind: 'invalid' }, 'en')).toBe('Not a number: type it like 1.5')
    expect(amountProblem({ kind: 'invalid' }, 'de')).toBe('Not a number: type it like 1,5')
  })
})

describe('whole drops (largest remainder)', () => {
  const exactDrops = fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 30 })

  it('adds up to the rounded total, each within one drop of the exact amount', () => {
    fc.assert(
      fc.property(exactDrops, (exact) => {
        const whole = largestRemainder(exact)
        const total = Math.round(exact.reduce((sum, value) => sum + value, 0))
        expect(whole.reduce((sum, n) => sum + n, 0)).toBe(total)
        whole.forEach((n, i) => {
          expect(Number.isInteger(n)).toBe(true)
          expect(Math.abs(n - exact[i]!)).toBeLessThan(1)
        })
      }),
    )
  })

  it('gives the extra drops to the largest remainders', () => {
    // 3.4 + 3.4 + 3.2 = 10: plain rounding says 3 + 3 + 3 = 9.
    expect(largestRemainder([3.4, 3.4, 3.2])).toEqual([4, 3, 3])
    expect(largestRemainder([1.5, 1.5])).toEqual([2, 1])
    expect(largestRemainder([0.2, 0.2, 0.2])).toEqual([1, 0, 0])
  })

  it("makes a batch's drops add up to the total it shows", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 100_000, noNaN: true }), fc.double({ min: 0.1, max: 100, noNaN: true }), (weight, pct) => {
        const result = calculateBatch({ weight, unit: 'g', oilPercentage: pct, oils: trio })
        expect(result.rows.reduce((sum, row) => sum + row.wholeDrops, 0)).toBe(result.totalOil.wholeDrops)
        expect(result.totalOil.wholeDrops).toBe(Math.round(result.totalOil.drops))
      }),
    )
  })
})
