import { describe, expect, it } from 'vitest'
import {
  DROPS_PER_ML,
  formatAmount,
  formatDrops,
  formatPercent,
  fromGrams,
  gramsToMillilitres,
  millilitresToDrops,
  parseAmount,
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

  it.each([
    ['', 0],
    ['   ', 0],
    ['500', 500],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['abc', 0],
    ['-3', 0],
    ['Infinity', 0],
  ])('parses %j as %s (blank counts as 0)', (text, value) => {
    expect(parseAmount(text)).toBe(value)
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
  ])('shows %s as %s (under 1: two decimals, otherwise one)', (value, text) => {
    expect(formatAmount(value)).toBe(text)
  })

  it('counts 20 drops per millilitre and converts by density', () => {
    expect(DROPS_PER_ML).toBe(20)
    expect(gramsToMillilitres(0.85, 0.85)).toBeCloseTo(1)
    expect(millilitresToDrops(1)).toBe(20)
    expect(millilitresToDrops(gramsToMillilitres(3, 0.85))).toBeCloseTo(70.588, 2)
  })

  it.each([
    [0, '0'],
    [0.3, '< 1'],
    [0.6, '1'],
    [70.59, '71'],
  ])('shows %s drops as %s', (drops, text) => {
    expect(formatDrops(drops)).toBe(text)
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
