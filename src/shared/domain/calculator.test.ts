import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromGrams, type TypedNumber } from '#shared/domain/units.ts'
import {
  amountProblem,
  calculateBatch,
  largestRemainder,
  layerPercentage,
  productShare,
  ratePercent,
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

/** A shown amount in whole steps (hundredths of a gram, thousandths of an ounce). */
const steps = (value: number, decimals: number) => Math.round(value * 10 ** decimals)

describe('amounts to 0.01 g and 0.001 oz (docs/product.md "Calculator numbers")', () => {
  /** Blends of 1 to 9 oils whose whole-number percentages total 100, as versions are saved. */
  const blend = fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 9 }).map((weights): CalculatorOil[] => {
    const sum = weights.reduce((a, b) => a + b, 0)
    const shares = largestRemainder(weights.map((w) => (w * 100) / sum))
    return shares.map((percentage, i) => ({
      id: i + 1,
      name: `Oil ${i + 1}`,
      layer: 'Middle',
      percentage,
      densityGPerMl: 0.8 + (i % 4) * 0.07,
    }))
  })

  it('rounds any amounts to the step so they add up to their rounded sum, each within one step', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(2, 3),
        (exact, decimals) => {
          const shown = largestRemainder(exact, decimals)
          const inSteps = shown.map((value) => steps(value, decimals))
          expect(inSteps.reduce((a, b) => a + b, 0)).toBe(Math.round(exact.reduce((a, b) => a + b, 0) * 10 ** decimals))
          shown.forEach((value, i) => expect(Math.abs(value - exact[i]!)).toBeLessThan(10 ** -decimals))
        },
      ),
    )
  })

  it('lists, for random batches, amounts in each column that add up exactly to the batch total', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 50_000, noNaN: true }),
        fc.constantFrom('g', 'oz', 'lb'),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.constantFrom('product', 'oils-percent', 'oils-oz-per-lb'),
        blend,
        (weight, unit, rate, basis, oils) => {
          fc.pre(ratePercent(rate, basis) <= 100)
          const result = calculateBatch({ weight, unit, oilPercentage: rate, basis, oils })
          const decimals = result.columnUnit === 'g' ? 2 : 3
          const column = (pick: (amount: (typeof result.rows)[number]) => number, d: number) =>
            result.rows.reduce((sum, row) => sum + steps(pick(row), d), 0)
          expect(column((row) => row.shownGrams, 2)).toBe(steps(result.totalOil.shownGrams, 2))
          expect(column((row) => row.shownInUnit, decimals)).toBe(steps(result.totalOil.shownInUnit, decimals))
          expect(column((row) => row.shownMl, 2)).toBe(steps(result.totalOil.shownMl, 2))
          // The total shown is the exact total to the step.
          expect(Math.abs(result.totalOil.shownGrams - result.totalOil.grams)).toBeLessThanOrEqual(0.005 + 1e-6)
          expect(Math.abs(result.totalOil.shownInUnit - fromGrams(result.totalOil.grams, result.columnUnit))).toBeLessThanOrEqual(
            0.5 * 10 ** -decimals + 1e-6,
          )
        },
      ),
    )
  })

  it('lists a 500 g lotion at 2 % as amounts that add up to 10.00 g', () => {
    const oils: CalculatorOil[] = [
      { id: 1, name: 'Bergamot', layer: 'Top', percentage: 27.5 },
      { id: 2, name: 'Lavender', layer: 'Middle', percentage: 50 },
      { id: 3, name: 'Geranium', layer: 'Middle', percentage: 12.5 },
      { id: 4, name: 'Atlas Cedarwood', layer: 'Base', percentage: 10 },
    ]
    const result = calculateBatch({ weight: 500, unit: 'g', oilPercentage: 2, oils })
    // One decimal said 2.8 + 5.0 + 1.3 + 1.0 = 10.1 against a total of 10.0.
    expect(result.rows.map((row) => row.shownGrams)).toEqual([2.75, 5, 1.25, 1])
    expect(result.totalOil.shownGrams).toBe(10)
  })

  it('gives the odd hundredth of a three-way split to one oil, not to all three', () => {
    const thirds: CalculatorOil[] = [1, 2, 3].map((id) => ({ id, name: `Oil ${id}`, layer: 'Middle', percentage: 100 / 3 }))
    const result = calculateBatch({ weight: 100, unit: 'g', oilPercentage: 1, oils: thirds })
    expect(result.rows.map((row) => row.shownGrams)).toEqual([0.34, 0.33, 0.33])
    expect(result.totalOil.shownGrams).toBe(1)
  })

  it('rounds an ounce batch to 0.001 oz, and a pound batch in ounces until its oil reaches a pound', () => {
    const ounces = calculateBatch({ weight: 16, unit: 'oz', oilPercentage: 2, oils: trio })
    expect(ounces.columnUnit).toBe('oz')
    expect(ounces.rows.map((row) => row.shownInUnit)).toEqual([0.096, 0.16, 0.064])
    expect(ounces.totalOil.shownInUnit).toBe(0.32)
    expect(calculateBatch({ weight: 2, unit: 'lb', oilPercentage: 5, oils: trio }).columnUnit).toBe('oz')
    const big = calculateBatch({ weight: 200, unit: 'lb', oilPercentage: 1, oils: trio })
    expect(big.columnUnit).toBe('lb')
    expect(big.totalOil.shownInUnit).toBe(2)
  })
})

describe("soap: a rate against the weight of the soap's oils", () => {
  it('turns 1,000 g of soap oils at 3 % of their weight into 30 g of essential oil', () => {
    const result = calculateBatch({ weight: 1000, unit: 'g', oilPercentage: 3, basis: 'oils-percent', oils: trio })
    expect(result.totalOil.shownGrams).toBe(30)
    expect(result.rows.map((row) => row.shownGrams)).toEqual([9, 15, 6])
    expect(result.basis).toBe('oils-percent')
    // The product is the oils and the essential oil: 1,030 g, of which the oil is 30 / 1,030.
    expect(result.productGrams).toBeCloseTo(1030)
    expect(result.baseGrams).toBeCloseTo(1000)
    expect(result.productPercentage).toBeCloseTo((30 / 1030) * 100)
  })

  it('reads oz per lb of oils as sixteenths: 0.5 oz per lb of 2 lb of oils is 1 oz', () => {
    expect(ratePercent(1, 'oils-oz-per-lb')).toBe(6.25)
    expect(ratePercent(3, 'oils-percent')).toBe(3)
    const result = calculateBatch({ weight: 2, unit: 'lb', oilPercentage: 0.5, basis: 'oils-oz-per-lb', oils: trio })
    expect(result.columnUnit).toBe('oz')
    expect(result.totalOil.shownInUnit).toBe(1)
    expect(result.totalOil.grams).toBeCloseTo(28.349523125)
  })

  it("gives the safety checks and the label each oil's share of the product, never of the oils alone", () => {
    expect(productShare(2, 'product')).toBe(2)
    expect(productShare(3, 'oils-percent')).toBeCloseTo(300 / 103)
    expect(productShare(1, 'oils-oz-per-lb')).toBeCloseTo(625 / 106.25)
    const result = calculateBatch({ weight: 1000, unit: 'g', oilPercentage: 3, basis: 'oils-percent', oils: trio })
    const shares = result.rows.map((row) => row.productPercentage)
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(result.productPercentage)
    expect(shares[0]).toBeCloseTo((30 / 1030) * 100 * 0.3)
  })

  it('works the same amounts out again from the product terms it hands on (the label, Mark as made)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 10_000, noNaN: true }), fc.double({ min: 0.1, max: 100, noNaN: true }), (weight, rate) => {
        const soap = calculateBatch({ weight, unit: 'g', oilPercentage: rate, basis: 'oils-percent', oils: trio })
        const again = calculateBatch({ weight: soap.productInUnit, unit: 'g', oilPercentage: soap.productPercentage, oils: trio })
        expect(again.totalOil.grams).toBeCloseTo(soap.totalOil.grams, 6)
        again.rows.forEach((row, i) => expect(row.productPercentage).toBeCloseTo(soap.rows[i]!.productPercentage, 9))
      }),
    )
  })

  it("names the soap's fields when they are missing", () => {
    expect(missingInputs({ hasBlend: true, weight: { kind: 'blank' }, oilPercentage: { kind: 'blank' }, basis: 'oils-oz-per-lb' })).toEqual(
      ["weight of the soap's oils", 'essential oil rate'],
    )
  })
})
