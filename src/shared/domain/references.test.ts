import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compareReferences,
  referenceDigits,
  referenceNumber,
  testEntryReference,
  versionIndexOf,
  versionLetterAt,
} from '#shared/domain/references.ts'

describe('version letters', () => {
  it.each([
    [0, 'a'],
    [1, 'b'],
    [25, 'z'],
    [26, 'aa'],
    [27, 'ab'],
    [51, 'az'],
    [52, 'ba'],
    [701, 'zz'],
    [702, 'aaa'],
  ])('position %i is letter %s', (index, letter) => {
    expect(versionLetterAt(index)).toBe(letter)
    expect(versionIndexOf(letter)).toBe(index)
  })

  it('round-trips every index', () => {
    fc.assert(fc.property(fc.nat(100_000), (i) => versionIndexOf(versionLetterAt(i)) === i))
  })

  it('rejects what is not a letter or an index', () => {
    expect(() => versionLetterAt(-1)).toThrow(RangeError)
    expect(() => versionIndexOf('A1')).toThrow(RangeError)
  })
})

describe('reference numbers', () => {
  it.each([
    [1, 'a', '001a'],
    [12, 'c', '012c'],
    [999, 'b', '999b'],
    [1000, 'a', '1000a'],
  ])('project %i version %s is %s', (n, letter, ref) => {
    expect(referenceNumber(n, letter)).toBe(ref)
  })

  it('formats test entry references as TB-{version}-{6 digits}', () => {
    expect(testEntryReference('001a', 42)).toBe('TB-001a-000042')
    expect(testEntryReference('012c', 123456)).toBe('TB-012c-123456')
  })

  it('sorts references numerically on their digits', () => {
    const refs = ['010a', '002b', '1000a', '001a', '002a']
    expect([...refs].sort(compareReferences)).toEqual(['001a', '002a', '002b', '010a', '1000a'])
    expect(referenceDigits(undefined)).toBe(Number.POSITIVE_INFINITY)
  })
})
