import { describe, expect, it } from 'vitest'
import {
  DROPS_PER_ML,
  AMOUNT_DECIMALS,
  columnUnit,
  formatInUnit,
  formatShown,
  formatWeight,
  GRAMS_PER_UNIT,
  weightWithUnitName,
  formatAmount,
  dropsText,
  formatDrops,
  formatNumber,
  formatPercent,
  fromGrams,
  gramsToMillilitres,
  millilitresToDrops,
  parseDecimal,
  toGrams,
} from '#shared/domain/units.ts'

describe('units', () => {
  it.each([
    [1, 'g', 1],
    [1, 'oz', 28.349523125],
    [1, 'lb', 453.59237],
    [16, 'oz', 453.59237],
    [0, 'lb', 0],
  ] as const)('%s %s is %s g', (amount, unit, grams) => {
    expect(toGrams(amount, unit)).toBeCloseTo(grams, 9)
    expect(fromGrams(grams, unit)).toBeCloseTo(amount, 9)
  })

  const number = (value: number, decimals = 0) => ({ kind: 'number', value, decimals })
  const invalid = { kind: 'invalid' }

  it.each([
    ['en', '', { kind: 'blank' }],
    ['en', '   ', { kind: 'blank' }],
    ['en', '500', number(500)],
    ['en', '2.5', number(2.5, 1)],
    ['en', '1,5', number(1.5, 1)],
    ['en', '1,500', number(1500)],
    ['en', '1,234.5', number(1234.5, 1)],
    ['en', '1,234,567', number(1234567)],
    ['en', '12 345', number(12345)],
    ['en', '0,500', number(0.5, 3)],
    ['en', '.5', number(0.5, 1)],
    ['en', '-3', number(-3)],
    ['en', '1,23,456', invalid],
    ['en', '1.2.3', invalid],
    ['en', 'abc', invalid],
    ['en', '1e3', invalid],
    ['en', 'Infinity', invalid],
    ['en', '5 g', invalid],
    ['de', '1,5', number(1.5, 1)],
    ['de', '1.5', number(1.5, 1)],
    ['de', '1.500', number(1500)],
    ['de', '1.234,5', number(1234.5, 1)],
    ['de', '1.234.567,25', number(1234567.25, 2)],
    ['de', '1,2,3', invalid],
    ['fr', '1,5', number(1.5, 1)],
    ['fr', '1 234,5', number(1234.5, 1)],
    ['fr', '1\u202f234,5', number(1234.5, 1)],
    ['fr', '1\u00a0234', number(1234)],
    ['fr', '1.500', number(1.5, 3)],
    ['fr', '12 34', invalid],
  ])('in %s reads %j as %o', (locale, text, expected) => {
    expect(parseDecimal(text, locale)).toEqual(expected)
  })

  it('never reads "1,5" as fifteen, in any locale', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'sv-SE', 'de-CH']) {
      expect(parseDecimal('1,5', locale)).toEqual(number(1.5, 1))
    }
  })

  it.each([
    [10, 'g', '10.00'],
    [2.75, 'g', '2.75'],
    [0.5, 'g', '0.50'],
    [0, 'g', '0.00'],
    [283.49523125, 'g', '283.50'],
    [12345.67, 'g', '12,345.67'],
    [0.32, 'oz', '0.320'],
    [0.0971, 'oz', '0.097'],
    [1.2, 'lb', '1.200'],
    [3.256, 'mL', '3.26'],
  ] as const)('shows %s %s as %s: 0.01 g, 0.001 oz and lb, 0.01 mL; thousands grouped', (value, unit, text) => {
    expect(formatAmount(value, unit, 'en')).toBe(text)
  })

  it('steps amounts by 0.01 g and 0.001 oz, as a 0.01 g scale weighs', () => {
    expect(AMOUNT_DECIMALS).toEqual({ g: 2, oz: 3, lb: 3, mL: 2 })
  })

  it('writes numbers in the locale, thousands separated', () => {
    expect(formatAmount(12345.67, 'g', 'de')).toBe('12.345,67')
    expect(formatAmount(0.5, 'g', 'de')).toBe('0,50')
    expect(formatNumber(1500.5, 2, 'fr')).toBe('1\u202f500,50')
  })

  it('counts 20 drops per millilitre and converts by density', () => {
    expect(DROPS_PER_ML).toBe(20)
    expect(gramsToMillilitres(0.85, 0.85)).toBeCloseTo(1)
    expect(millilitresToDrops(1)).toBe(20)
    expect(millilitresToDrops(gramsToMillilitres(3, 0.85))).toBeCloseTo(70.588, 2)
  })

  it.each([
    [0, 0, '0'],
    [0, 0.3, '< 1'],
    [1, 0.6, '1'],
    [71, 70.59, '71'],
    [1234, 1234.2, '1,234'],
  ])('shows %s whole drops (exactly %s) as %s', (whole, exact, text) => {
    expect(formatDrops(whole, exact, 'en')).toBe(text)
  })

  it.each([
    [1, 1, '1 drop'],
    [2, 2, '2 drops'],
    [0, 0, '0 drops'],
    [0, 0.2, '< 1 drop'],
    [1500, 1500, '1,500 drops'],
  ])('counts %s drops (exactly %s) as %s', (whole, exact, text) => {
    expect(dropsText(whole, exact, 'en')).toBe(text)
  })

  it.each([
    [0.6, '0.6%'],
    [0.4, '0.4%'],
    [3, '3%'],
    [0.125, '0.13%'],
  ])('formats %s as %s', (value, text) => {
    expect(formatPercent(value)).toBe(text)
  })

  describe('weights of a batch (docs/product.md "Calculator numbers")', () => {
    it("shows a pound batch's column in ounces until its oil reaches 1 lb, then in pounds", () => {
      expect(columnUnit(2.3, 'lb')).toBe('oz')
      expect(columnUnit(GRAMS_PER_UNIT.lb - 0.01, 'lb')).toBe('oz')
      expect(columnUnit(GRAMS_PER_UNIT.lb, 'lb')).toBe('lb')
      expect(columnUnit(2.3, 'oz')).toBe('oz')
      expect(columnUnit(2000, 'g')).toBe('g')
    })

    it.each([
      [{ grams: 9.0718474, shownGrams: 9.07, shownInUnit: 0.32 }, 'oz', '0.320 oz (9.07 g)'],
      [{ grams: 2.3, shownGrams: 2.3, shownInUnit: 0.081 }, 'oz', '0.081 oz (2.30 g)'],
      [{ grams: 544.3, shownGrams: 544.3, shownInUnit: 1.2 }, 'lb', '1.200 lb (544.30 g)'],
      [{ grams: 10, shownGrams: 10, shownInUnit: 10 }, 'g', '10.00 g'],
      [{ grams: 0.003, shownGrams: 0, shownInUnit: 0 }, 'oz', '< 0.001 oz (< 0.01 g)'],
      [{ grams: 0, shownGrams: 0, shownInUnit: 0 }, 'oz', '0.000 oz (0.00 g)'],
    ] as const)('shows %o in a %s column as %j', (amount, column, text) => {
      expect(formatWeight(amount, column, 'en')).toBe(text)
    })

    it('shows some oil that rounding left at nothing as less than a step, never as zero', () => {
      expect(formatShown(0, 0.004, 'g', 'en')).toBe('< 0.01')
      expect(formatShown(0, 0.0004, 'oz', 'de')).toBe('< 0,001')
      expect(formatShown(0, 0, 'g', 'en')).toBe('0.00')
      expect(formatShown(0.01, 0.004, 'g', 'en')).toBe('0.01')
    })

    it('writes a weight alone to its step, in the locale', () => {
      expect(formatInUnit(2.3, 'oz', 'en')).toBe('0.081 oz')
      expect(formatInUnit(907.18474, 'lb', 'de')).toBe('2,000 lb')
      expect(formatInUnit(0.004, 'g', 'de')).toBe('< 0,01 g')
      expect(formatInUnit(490, 'g', 'en')).toBe('490.00 g')
    })

    it("names a typed weight's unit, singular for one", () => {
      expect(weightWithUnitName('1', 1, 'g')).toBe('1 gram')
      expect(weightWithUnitName('2.5', 2.5, 'lb')).toBe('2.5 pounds')
      expect(weightWithUnitName('1.0', 1, 'oz')).toBe('1.0 ounce')
      expect(weightWithUnitName('100', 100, 'g')).toBe('100 grams')
    })
  })
})
