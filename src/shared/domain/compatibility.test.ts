import { describe, it, expect } from 'vitest'
import {
  BLENDS_WELL_WITH,
  COMPATIBILITY,
  areCompatible,
  compatibleFamilies,
  compatibleSet,
  hintFor,
} from '#shared/domain/compatibility.ts'
import { SCENT_FAMILIES, type ScentFamily } from '#shared/domain/vocabulary.ts'

const compatibilityRows: [ScentFamily, ScentFamily[]][] = [
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

const hintRows: [ScentFamily, ScentFamily[]][] = [
  ['Citrus', ['Woody', 'Floral', 'Herbal']],
  ['Woody', ['Citrus', 'Floral', 'Spicy']],
  ['Floral', ['Citrus', 'Woody', 'Herbal']],
  ['Herbal', ['Citrus', 'Woody', 'Spicy']],
  ['Spicy', ['Woody', 'Herbal', 'Citrus']],
  ['Camphoraceous', ['Citrus', 'Woody', 'Herbal']],
  ['Minty', ['Herbal', 'Citrus', 'Woody']],
  ['Earthy', ['Woody', 'Floral', 'Spicy', 'Citrus']],
  ['Resinous', ['Citrus', 'Woody', 'Spicy', 'Floral']],
]

describe('compatibility table', () => {
  it.each(compatibilityRows)('lists %s as compatible with %j', (family, expected) => {
    expect(compatibleFamilies(family)).toEqual(expected)
    expect(COMPATIBILITY[family]).toEqual(expected)
  })

  it('has a row for every scent family', () => {
    expect(Object.keys(COMPATIBILITY).sort()).toEqual([...SCENT_FAMILIES].sort())
  })
})

describe('step-1 hint table', () => {
  it.each(hintRows)('hints that %s blends well with %j', (family, expected) => {
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

  it('follows the first family’s row, which is not always symmetric', () => {
    expect(areCompatible('Spicy', 'Citrus')).toBe(true)
    expect(areCompatible('Citrus', 'Spicy')).toBe(false)
  })

  it('rejects families missing from the row', () => {
    expect(areCompatible('Floral', 'Minty')).toBe(false)
  })
})

describe('compatibleSet', () => {
  it('places no restriction when no family is given', () => {
    expect(compatibleSet([])).toBeNull()
  })

  it('is the family’s own list for one family', () => {
    expect(compatibleSet(['Herbal'])).toEqual(['Herbal', 'Citrus', 'Woody', 'Spicy'])
  })

  it.each<[ScentFamily[], ScentFamily[]]>([
    [['Citrus', 'Woody'], ['Citrus', 'Woody', 'Floral']],
    [['Citrus', 'Spicy'], ['Citrus', 'Woody', 'Herbal']],
    [['Spicy', 'Citrus'], ['Woody', 'Herbal', 'Citrus']],
    [['Citrus', 'Citrus'], ['Citrus', 'Woody', 'Floral', 'Herbal']],
    [['Minty', 'Camphoraceous'], ['Herbal', 'Citrus', 'Woody']],
  ])('intersects two families %j to %j, in the first family’s order', (families, expected) => {
    expect(compatibleSet(families)).toEqual(expected)
  })

  it.each<[ScentFamily[], ScentFamily[]]>([
    [['Citrus', 'Woody', 'Herbal'], ['Citrus', 'Woody']],
    [['Earthy', 'Resinous', 'Woody'], ['Woody', 'Floral', 'Spicy', 'Citrus']],
    [['Floral', 'Minty', 'Spicy'], ['Citrus', 'Woody', 'Herbal']],
  ])('intersects three families %j to %j', (families, expected) => {
    expect(compatibleSet(families)).toEqual(expected)
  })

  it('keeps Citrus and Woody open whatever the families, since every row lists both', () => {
    expect(compatibleSet(['Minty', 'Earthy', 'Resinous', 'Spicy', 'Floral'])).toEqual(['Citrus', 'Woody'])
  })
})
