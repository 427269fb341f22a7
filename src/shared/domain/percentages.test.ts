import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isTotalValid, parsePercentage, roundToHundredth, slotTotal, splitEqually } from '#shared/domain/percentages.ts'

describe('splitting a layer equally', () => {
  it('gives the first oils the leftover hundredths', () => {
    expect(splitEqually(100, 3)).toEqual([33.34, 33.33, 33.33])
    expect(splitEqually(30, 4)).toEqual([7.5, 7.5, 7.5, 7.5])
    expect(splitEqually(50, 0)).toEqual([])
  })

  it('keeps the layer total, with shares at most a hundredth apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 12 }), (hundredths, count) => {
        const total = hundredths / 100
        const shares = splitEqually(total, count)
        expect(shares).toHaveLength(count)
        expect(slotTotal(shares.map((percentage) => ({ percentage })))).toBe(total)
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(0.01 + 1e-9)
      }),
    )
  })
})

describe('reading a percentage field', () => {
  it.each([
    ['12.345', 12.35],
    ['  40 ', 40],
    ['-5', 0],
    ['250', 100],
    ['abc', 0],
    ['', 0],
    ['12,5', 12.5],
    ['1,5', 1.5],
  ])('reads %j as %d', (text, value) => {
    expect(parsePercentage(text, 'en')).toBe(value)
  })

  it('reads a German 12,5 as twelve and a half', () => {
    expect(parsePercentage('12,5', 'de')).toBe(12.5)
    expect(parsePercentage('12.5', 'de')).toBe(12.5)
  })
})

describe('totals', () => {
  it('adds to the hundredth without floating-point drift', () => {
    expect(slotTotal([{ percentage: 0.1 }, { percentage: 0.2 }])).toBe(0.3)
    expect(roundToHundredth(33.335)).toBe(33.34)
  })

  it.each([
    [100, true],
    [99.9, true],
    [100.1, true],
    [99.89, false],
    [100.11, false],
    [99.8, false],
    [0, false],
  ])('%d is a valid blend total: %s', (total, valid) => {
    expect(isTotalValid(total)).toBe(valid)
  })
})
