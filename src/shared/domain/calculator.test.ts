import { describe, expect, it } from 'vitest'
import {
  calculateBatch,
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

  it.each([
    [{ hasBlend: false, weight: 0, oilPercentage: 0 }, ['blend', 'total product weight', 'essential oil percentage']],
    [{ hasBlend: true, weight: 500, oilPercentage: 0 }, ['essential oil percentage']],
    [{ hasBlend: true, weight: 0, oilPercentage: 2 }, ['total product weight']],
    [{ hasBlend: true, weight: 500, oilPercentage: 2 }, []],
  ])('names what is missing for %o', (input, missing) => {
    expect(missingInputs(input)).toEqual(missing)
  })
})
