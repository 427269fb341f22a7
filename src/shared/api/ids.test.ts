import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { bodyIdField, ID_PATTERN, idField, integerRangePattern, MAX_ID, queryIntegerField } from '#shared/api/ids.ts'

describe('ids, and whole numbers in queries', () => {
  it('the path pattern accepts exactly the plain-digit numbers from 1 to 2147483647', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), (n) => {
        expect(ID_PATTERN.test(String(n))).toBe(n >= 1n && n <= BigInt(MAX_ID))
      }),
      { numRuns: 2000, examples: [[0n], [1n], [2147483647n], [2147483648n], [2147483639n], [1999999999n], [9999999999n]] },
    )
    for (const spelling of ['01', '+1', ' 1', '1.0', '1e0', '0x1', '']) expect(ID_PATTERN.test(spelling), spelling).toBe(false)
  })

  it('reads a path id as a number, and a body id only within 1..2147483647', () => {
    expect(idField.parse('2147483647')).toBe(2147483647)
    expect(idField.safeParse('2147483648').success).toBe(false)
    expect(bodyIdField().safeParse(2 ** 31).success).toBe(false)
    expect(bodyIdField().safeParse(2 ** 31 - 1).success).toBe(true)
    expect(bodyIdField().safeParse(0).success).toBe(false)
    expect(bodyIdField().safeParse(1.5).success).toBe(false)
  })

  it('reads integer query values written in plain digits only', () => {
    const field = queryIntegerField('after', 0, 10)
    expect(field.parse('0')).toBe(0)
    expect(field.parse('10')).toBe(10)
    for (const bad of ['', ' ', '+5', '0x10', '1e1', '05', '11', '-1']) expect(field.safeParse(bad).success, bad).toBe(false)
  })

  it('writes a range of whole numbers as a pattern that accepts exactly that range, in plain digits', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.nat(12_000), (a, b, n) => {
        const [min, max] = a <= b ? [a, b] : [b, a]
        expect(new RegExp(integerRangePattern(min, max)).test(String(n))).toBe(n >= min && n <= max)
      }),
      {
        numRuns: 3000,
        examples: [
          [0, 0, 0],
          [1, 100, 100],
          [1, 100, 101],
          [1, 200, 0],
          [0, 9, 10],
          [10, 99, 9],
        ],
      },
    )
    // The id range, checked against the hand-written id pattern.
    const ids = new RegExp(integerRangePattern(1, MAX_ID))
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), (n) => {
        expect(ids.test(String(n))).toBe(ID_PATTERN.test(String(n)))
      }),
      { numRuns: 2000 },
    )
    for (const spelling of ['01', '+1', ' 1', '1.0', '1e0', '0x1', '', '00'])
      expect(new RegExp(integerRangePattern(0, 100)).test(spelling), spelling).toBe(false)
    expect(integerRangePattern(1, 100)).toBe('^(?:[1-9]|[1-9][0-9]|100)$')
  })

  it("states a query number's range in its published pattern", () => {
    const schema = z.toJSONSchema(queryIntegerField('limit', 1, 200), { io: 'input' }) as { pattern: string }
    expect(new RegExp(schema.pattern).test('200')).toBe(true)
    for (const outside of ['0', '201', '9999999999']) expect(new RegExp(schema.pattern).test(outside), outside).toBe(false)
  })
})
