import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compareSortKeys,
  inTab,
  isTested,
  journalList,
  matchesSearch,
  nameSortKey,
  sortBlends,
  type ListedBlend,
} from '#shared/domain/journal-list.ts'
import { referenceNumber, versionLetterAt } from '#shared/domain/references.ts'

const blend = (name: string, referenceNumber: string, testCount = 0, oilNames: string[] = []): ListedBlend => ({
  name,
  referenceNumber,
  testCount,
  oilNames,
})

const BLENDS = [
  blend('Evening Calm', '002a', 0, ['bergamot', 'lavender', 'atlas cedarwood', 'lemon']),
  blend('morning lift', '010a', 3, ['grapefruit', 'peppermint', 'rosemary']),
  blend('Deep Woods', '001a', 1, ['cypress', 'vetiver', 'sandalwood']),
]

describe('journal search', () => {
  it('matches the name, ignoring case and outer spaces', () => {
    expect(matchesSearch(BLENDS[0]!, '  evening ')).toBe(true)
    expect(matchesSearch(BLENDS[0]!, 'CALM')).toBe(true)
  })

  it('matches any oil of any version', () => {
    expect(matchesSearch(BLENDS[0]!, 'Lemon')).toBe(true)
    expect(matchesSearch(BLENDS[0]!, 'cedar')).toBe(true)
    expect(matchesSearch(BLENDS[0]!, 'vetiver')).toBe(false)
  })

  it('matches everything when blank', () => {
    expect(BLENDS.every((b) => matchesSearch(b, '   '))).toBe(true)
  })
})

describe('journal sort', () => {
  it('sorts by reference number, numeric on the digits', () => {
    expect(sortBlends(BLENDS, 'reference').map((b) => b.referenceNumber)).toEqual(['001a', '002a', '010a'])
  })

  it('sorts by name A-Z ignoring case', () => {
    expect(sortBlends(BLENDS, 'name').map((b) => b.name)).toEqual(['Deep Woods', 'Evening Calm', 'morning lift'])
  })

  it('does not change the list it is given', () => {
    const copy = [...BLENDS]
    sortBlends(BLENDS, 'name')
    expect(BLENDS).toEqual(copy)
  })

  it('orders padded and unpadded numbers by value, then letters a..z before aa', () => {
    // Text order would put 1000a before 100a and 001aa before 001z.
    const refs = ['1000a', '010b', '001aa', '100a', '002b', '999z', '001z', '010a', '002a', '001a']
    expect(
      sortBlends(
        refs.map((r) => blend('x', r)),
        'reference',
      ).map((b) => b.referenceNumber),
    ).toEqual(['001a', '001z', '001aa', '002a', '002b', '010a', '010b', '100a', '999z', '1000a'])
  })

  it('orders references the same whatever order they come in', () => {
    const ref = fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.nat(60)).map(([n, i]) => referenceNumber(n, versionLetterAt(i)))
    fc.assert(
      fc.property(fc.uniqueArray(ref, { maxLength: 30 }), (refs) => {
        const sorted = (list: string[]) =>
          sortBlends(
            list.map((r) => blend('x', r)),
            'reference',
          ).map((b) => b.referenceNumber)
        expect(sorted([...refs].reverse())).toEqual(sorted(refs))
      }),
    )
  })
})

describe('journal tabs', () => {
  it('counts a blend with a test entry as tested', () => {
    expect(isTested(BLENDS[1]!)).toBe(true)
    expect(isTested(BLENDS[0]!)).toBe(false)
  })

  it.each([
    ['all', ['Deep Woods', 'Evening Calm', 'morning lift']],
    ['tested', ['Deep Woods', 'morning lift']],
    ['untested', ['Evening Calm']],
  ] as const)('the %s tab shows %j', (tab, names) => {
    expect(journalList(BLENDS, { search: '', sort: 'name', tab }).map((b) => b.name)).toEqual(names)
  })

  it('filters within a tab by the search', () => {
    expect(journalList(BLENDS, { search: 'o', sort: 'reference', tab: 'tested' }).map((b) => b.name)).toEqual([
      'Deep Woods',
      'morning lift',
    ])
    expect(journalList(BLENDS, { search: 'pepper', sort: 'reference', tab: 'tested' }).map((b) => b.name)).toEqual(['morning lift'])
  })

  it('Tested and Untested split All', () => {
    const arb = fc.array(
      fc.record({ name: fc.string(), referenceNumber: fc.constant('001a'), testCount: fc.nat(5), oilNames: fc.constant([]) }),
    )
    fc.assert(
      fc.property(arb, (blends) => {
        const tested = blends.filter((b) => inTab(b, 'tested')).length
        const untested = blends.filter((b) => inTab(b, 'untested')).length
        expect(tested + untested).toBe(blends.filter((b) => inTab(b, 'all')).length)
      }),
    )
  })
})

describe('the name sort key', () => {
  const byKey = (names: string[]) =>
    sortBlends(
      names.map((name, i) => blend(name, referenceNumber(i + 1, 'a'))),
      'name',
    ).map((b) => b.name)

  it('ignores case, outer spaces and accents', () => {
    expect(nameSortKey('  Émile Zola ')).toBe(nameSortKey('emile zola'))
    expect(byKey(['zest', 'Émile', 'amber', 'Bergamot Dream'])).toEqual(['amber', 'Bergamot Dream', 'Émile', 'zest'])
  })

  it('orders numbers in names by value, leading zeros aside', () => {
    expect(byKey(['Blend 10', 'Blend 2', 'Blend 1', 'Blend 100', 'Blend 02'])).toEqual([
      'Blend 1',
      'Blend 2',
      'Blend 02',
      'Blend 10',
      'Blend 100',
    ])
    expect(nameSortKey('Blend 02')).toBe(nameSortKey('blend 2'))
  })

  it('breaks ties by reference number', () => {
    const tied = [blend('calm', '010a'), blend('Calm', '002a'), blend('CALM', '1000a')]
    expect(sortBlends(tied, 'name').map((b) => b.referenceNumber)).toEqual(['002a', '010a', '1000a'])
  })

  it('compares keys by code point, as the databases compare UTF-8 bytes', () => {
    // UTF-16 order would put U+1F33F (a surrogate pair) before U+FF5E.
    expect(compareSortKeys('\u{1F33F}', '\uFF5E')).toBeGreaterThan(0)
    expect(compareSortKeys('a', 'ab')).toBeLessThan(0)
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (x, y) => {
        // Antisymmetric: x before y exactly when y after x (and equal either way round).
        expect(Math.sign(compareSortKeys(x, y)) + Math.sign(compareSortKeys(y, x))).toBe(0)
        expect(compareSortKeys(x, y) === 0).toBe(x === y)
      }),
    )
  })
})

describe('the name sort key’s length', () => {
  it('keeps the first 160 code points, whole, so page cursors stay short', () => {
    const long = '香'.repeat(120) + '\u{1F33F}'.repeat(60)
    const key = nameSortKey(long)
    expect(Array.from(key)).toHaveLength(160)
    expect(key.endsWith('\u{1F33F}')).toBe(true)
    // Expanding compatibility characters cannot make it longer either.
    expect(Array.from(nameSortKey('\uFDFA'.repeat(120)))).toHaveLength(160)
  })
})
