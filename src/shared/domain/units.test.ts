import { describe, expect, it } from 'vitest'
import {
  DROPS_PER_ML,
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
})
