import { describe, expect, it } from 'vitest'
import {
  DROPS_PER_ML,
  displayUnit,
  formatInUnit,
  formatSmallAmount,
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
    [10, '10.0'],
    [3, '3.0'],
    [1, '1.0'],
    [0.99, '0.99'],
    [0.5, '0.50'],
    [0.005, '0.01'],
    [0, '0.00'],
    [283.49523125, '283.5'],
    [12345.67, '12,345.7'],
  ])('shows %s as %s (under 1: two decimals, otherwise one; thousands grouped)', (value, text) => {
    expect(formatAmount(value, 'en')).toBe(text)
  })

  it('writes numbers in the locale, thousands separated', () => {
    expect(formatAmount(12345.67, 'de')).toBe('12.345,7')
    expect(formatAmount(0.5, 'de')).toBe('0,50')
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
    it('shows a pound batch\'s amounts below 1 lb in ounces, and 1 lb or more in pounds', () => {
      expect(displayUnit(2.3, 'lb')).toBe('oz')
      expect(displayUnit(GRAMS_PER_UNIT.lb - 0.01, 'lb')).toBe('oz')
      expect(displayUnit(GRAMS_PER_UNIT.lb, 'lb')).toBe('lb')
      expect(displayUnit(2.3, 'oz')).toBe('oz')
      expect(displayUnit(2000, 'g')).toBe('g')
    })

    it.each([
      // A drop-sized amount of a pound batch: ounces with grams beside, never "0.00 lb".
      [2.3, 'lb', '0.08 oz (2.3 g)'],
      [45.359237, 'lb', '1.6 oz (45.4 g)'],
      [GRAMS_PER_UNIT.lb * 1.2, 'lb', '1.2 lb (544.3 g)'],
      [9.0718474, 'oz', '0.32 oz (9.1 g)'],
      [0.1, 'oz', '< 0.01 oz (0.10 g)'],
      [0.003, 'lb', '< 0.01 oz (< 0.01 g)'],
      [2.3, 'g', '2.3 g'],
      [0, 'lb', '0.00 oz (0.00 g)'],
    ] as const)('shows %s g of a batch in %s as %j', (grams, unit, text) => {
      expect(formatWeight(grams, unit, 'en')).toBe(text)
    })

    it('never shows an amount of oil as zero pounds or zero grams', () => {
      for (let grams = 0.0001; grams < 2000; grams *= 1.37) {
        for (const unit of ['g', 'oz', 'lb'] as const) {
          const text = formatWeight(grams, unit, 'en')
          expect(text, `${grams} g in ${unit}`).not.toMatch(/(^|\()0\.00 /)
          // Pounds only from one pound up.
          if (text.includes(' lb ')) expect(Number(text.split(' ')[0]), text).toBeGreaterThanOrEqual(1)
        }
      }
    })

    it('writes the amount alone in the unit it reads best in, in the locale', () => {
      expect(formatInUnit(2.3, 'lb', 'en')).toBe('0.08 oz')
      expect(formatInUnit(907.18474, 'lb', 'de')).toBe('2,0 lb')
      expect(formatInUnit(0.004, 'g', 'de')).toBe('< 0,01 g')
      expect(formatSmallAmount(0.004, 'en')).toBe('< 0.01')
      expect(formatSmallAmount(0, 'en')).toBe('0.00')
      expect(formatSmallAmount(0.5, 'en')).toBe('0.50')
    })

    it('names a typed weight\'s unit, singular for one', () => {
      expect(weightWithUnitName('1', 1, 'g')).toBe('1 gram')
      expect(weightWithUnitName('2.5', 2.5, 'lb')).toBe('2.5 pounds')
      expect(weightWithUnitName('1.0', 1, 'oz')).toBe('1.0 ounce')
      expect(weightWithUnitName('100', 100, 'g')).toBe('100 grams')
    })
  })
})
