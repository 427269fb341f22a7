import { describe, it, expect } from 'vitest'
import {
  BLENDS_WELL_WITH,
  COMPATIBILITY,
  SPEC_COMPATIBILITY,
  areCompatible,
  compatibleFamilies,
  compatibleSet,
  hintFor,
} from '#shared/domain/compatibility.ts'
import { SCENT_FAMILIES, type ScentFamily } from '#shared/domain/vocabulary.ts'

// The spec's table, as written (docs/product.md §5).
const specRows: [ScentFamily, ScentFamily[]][] = [
  ['Citrus', ['Citrus', 'Woody', 'Floral', 'Herbal']],
  ['Woody', ['Woody', 'Citrus', 'Floral', 'Spicy']],
  ['Floral', ['Floral', 'Citrus', 'Woody', 'Herbal']],
  ['Herbal', ['Herbal', 'Citrus', 'Woody', 'Spicy']],
  ['Spicy', ['Spicy', 'Woody', 'Herbal', 'Citrus']],
  ['Camphoraceous', ['Camphoraceous', 'Citrus', 'Woody', 'Herbal']],
  ['Minty', ['Minty', 'Herbal', 'Citrus', 'Woody']],
  ['Earthy', ['Earthy', 'Woody', 'Floral', 'Spicy', 'Citrus']],
  ['Resinous', ['Resinous', 'Citrus', 'Woody', 'Spicy', 'Floral']],
]

// The table in use (decision 053): the spec's row, then the families whose rows list this one.
const compatibilityRows: [ScentFamily, ScentFamily[]][] = [
  ['Citrus', ['Citrus', 'Woody', 'Floral', 'Herbal', 'Spicy', 'Earthy', 'Minty', 'Resinous', 'Camphoraceous']],
  ['Woody', ['Woody', 'Citrus', 'Floral', 'Spicy', 'Herbal', 'Earthy', 'Minty', 'Resinous', 'Camphoraceous']],
  ['Floral', ['Floral', 'Citrus', 'Woody', 'Herbal', 'Earthy', 'Resinous']],
  ['Herbal', ['Herbal', 'Citrus', 'Woody', 'Spicy', 'Floral', 'Minty', 'Camphoraceous']],
  ['Spicy', ['Spicy', 'Woody', 'Herbal', 'Citrus', 'Earthy', 'Resinous']],
  ['Camphoraceous', ['Camphoraceous', 'Citrus', 'Woody', 'Herbal']],
  ['Minty', ['Minty', 'Herbal', 'Citrus', 'Woody']],
  ['Earthy', ['Earthy', 'Woody', 'Floral', 'Spicy', 'Citrus']],
  ['Resinous', ['Resinous', 'Citrus', 'Woody', 'Spicy', 'Floral']],
]

describe('the spec’s table', () => {
  it.each(specRows)('lists %s as compatible with %j', (family, expected) => {
    expect(SPEC_COMPATIBILITY[family]).toEqual(expected)
  })
})

describe('compatibility table', () => {
  it.each(compatibilityRows)('lists %s as compatible with %j', (family, expected) => {
    expect(compatibleFamilies(family)).toEqual(expected)
    expect(COMPATIBILITY[family]).toEqual(expected)
  })

  it('has a row for every scent family', () => {
    expect(Object.keys(COMPATIBILITY).sort()).toEqual([...SCENT_FAMILIES].sort())
  })

  it('keeps every pair of the spec’s table and adds only the reverse of one', () => {
    for (const family of SCENT_FAMILIES) {
      expect(COMPATIBILITY[family].slice(0, SPEC_COMPATIBILITY[family].length)).toEqual(SPEC_COMPATIBILITY[family])
      for (const other of COMPATIBILITY[family])
        expect(SPEC_COMPATIBILITY[family].includes(other) || SPEC_COMPATIBILITY[other].includes(family)).toBe(true)
    }
  })

  it('is symmetric: a family lists every family that lists it (Fir Needle, Woody, and Rosemary, Herbal)', () => {
    for (const a of SCENT_FAMILIES) for (const b of SCENT_FAMILIES) expect(areCompatible(a, b)).toBe(areCompatible(b, a))
    expect(areCompatible('Woody', 'Herbal')).toBe(true)
    expect(areCompatible('Citrus', 'Spicy')).toBe(true)
  })
})

describe('step-1 hint table', () => {
  it.each(compatibilityRows)('hints that %s blends well with the rest of its row', (family, row) => {
    const expected = row.filter((other) => other !== family)
    expect(hintFor(family)).toEqual(expected)
    expect(BLENDS_WELL_WITH[family]).toEqual(expected)
  })

  it('has a row for every scent family', () => {
    expect(Object.keys(BLENDS_WELL_WITH).sort()).toEqual([...SCENT_FAMILIES].sort())
  })
})

describe('areCompatible', () => {
  it('treats a family as compatible with itself', () => {
    expect(areCompatible('Earthy', 'Earthy')).toBe(true)
  })

  it('rejects families neither row lists', () => {
    expect(areCompatible('Floral', 'Minty')).toBe(false)
    expect(areCompatible('Minty', 'Floral')).toBe(false)
  })
})

describe('compatibleSet', () => {
  it('places no restriction when no family is given', () => {
    expect(compatibleSet([])).toBeNull()
  })

  it('is the family’s own list for one family', () => {
    expect(compatibleSet(['Herbal'])).toEqual(['Herbal', 'Citrus', 'Woody', 'Spicy', 'Floral', 'Minty', 'Camphoraceous'])
  })

  it.each<[ScentFamily[], ScentFamily[]]>([
    [
      ['Citrus', 'Floral'],
      ['Citrus', 'Woody', 'Floral', 'Herbal', 'Earthy', 'Resinous'],
    ],
    [
      ['Citrus', 'Spicy'],
      ['Citrus', 'Woody', 'Herbal', 'Spicy', 'Earthy', 'Resinous'],
    ],
    [
      ['Spicy', 'Citrus'],
      ['Spicy', 'Woody', 'Herbal', 'Citrus', 'Earthy', 'Resinous'],
    ],
    [
      ['Minty', 'Camphoraceous'],
      ['Herbal', 'Citrus', 'Woody'],
    ],
  ])('intersects two families %j to %j, in the first family’s order', (families, expected) => {
    expect(compatibleSet(families)).toEqual(expected)
  })

  it.each<[ScentFamily[], ScentFamily[]]>([
    [
      ['Citrus', 'Woody', 'Herbal'],
      ['Citrus', 'Woody', 'Floral', 'Herbal', 'Spicy', 'Minty', 'Camphoraceous'],
    ],
    [
      ['Earthy', 'Resinous', 'Woody'],
      ['Woody', 'Floral', 'Spicy', 'Citrus'],
    ],
    [
      ['Floral', 'Minty', 'Spicy'],
      ['Citrus', 'Woody', 'Herbal'],
    ],
  ])('intersects three families %j to %j', (families, expected) => {
    expect(compatibleSet(families)).toEqual(expected)
  })

  it('keeps Citrus and Woody open whatever the families, since every row lists both', () => {
    expect(compatibleSet(['Minty', 'Earthy', 'Resinous', 'Spicy', 'Floral'])).toEqual(['Citrus', 'Woody'])
  })
})
