import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bodyIdField, ID_PATTERN, idField, MAX_ID, queryIntegerField } from '#shared/api/ids.ts'

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
})
