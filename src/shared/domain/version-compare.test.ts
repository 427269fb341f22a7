import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  averageRating,
  batchAmountText,
  batchSide,
  changeCounts,
  compareLayer,
  compareVersions,
  costDifference,
  findVersion,
  formatDelta,
  layerOilKey,
  type ComparableOil,
  type ComparableVersion,
} from '#shared/domain/version-compare.ts'

const oil = (id: number, percentage: number): ComparableOil => ({ id, name: `Oil ${id}`, percentage })
const version = (top: ComparableOil[], middle: ComparableOil[], base: ComparableOil[]): ComparableVersion => ({
  topOils: top,
  middleOils: middle,
  baseOils: base,
})

describe('comparing two versions oil by oil', () => {
  it('matches oils by id, not position, with the change in points and added and removed oils', () => {
    const a = version([oil(1, 20), oil(2, 10)], [oil(3, 50)], [oil(4, 20)])
    const b = version([oil(5, 10), oil(1, 20)], [oil(3, 40)], [oil(4, 20), oil(6, 10)])
    const [top, middle, base] = compareVersions(a, b)
    expect(top!.oils).toEqual([
      { id: 1, name: 'Oil 1', a: 20, b: 20, delta: 0, change: 'same' },
      { id: 2, name: 'Oil 2', a: 10, b: null, delta: -10, change: 'removed' },
      { id: 5, name: 'Oil 5', a: null, b: 10, delta: 10, change: 'added' },
    ])
    expect(middle).toMatchObject({
      layer: 'Middle',
      totalA: 50,
      totalB: 40,
      oils: [{ id: 3, a: 50, b: 40, delta: -10, change: 'changed' }],
    })
    expect(base!.oils.map((o) => [o.id, o.change])).toEqual([
      [4, 'same'],
      [6, 'added'],
    ])
    expect(changeCounts([top!, middle!, base!])).toEqual({ added: 2, removed: 1, changed: 1, same: 2 })
  })

  it('treats an oil moved to another layer as removed from one and added to the other', () => {
    const [top, middle] = compareVersions(version([oil(1, 30)], [oil(2, 70)], []), version([], [oil(2, 70), oil(1, 30)], []))
    expect(top!.oils).toEqual([{ id: 1, name: 'Oil 1', a: 30, b: null, delta: -30, change: 'removed' }])
    expect(middle!.oils.map((o) => [o.id, o.change])).toEqual([
      [2, 'same'],
      [1, 'added'],
    ])
  })

  it('sums an oil listed twice in one layer, and rounds deltas to hundredths', () => {
    const layer = compareLayer('Top', [oil(1, 10.1), oil(1, 0.2)], [oil(1, 10)])
    expect(layer.oils).toEqual([{ id: 1, name: 'Oil 1', a: expect.closeTo(10.3, 10), b: 10, delta: -0.3, change: 'changed' }])
  })

  const oils = fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 12 }),
      name: fc.string({ maxLength: 5 }),
      percentage: fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
    }),
    {
      selector: (o) => o.id,
      maxLength: 6,
    },
  )
  const versions = fc.record({ topOils: oils, middleOils: oils, baseOils: oils })

  it('lists every oil of either version exactly once per layer, with shares and deltas that agree', () => {
    fc.assert(
      fc.property(versions, versions, (a, b) => {
        const layers = compareVersions(a, b)
        const sides: [readonly ComparableOil[], readonly ComparableOil[]][] = [
          [a.topOils, b.topOils],
          [a.middleOils, b.middleOils],
          [a.baseOils, b.baseOils],
        ]
        layers.forEach((layer, i) => {
          const [inA, inB] = sides[i]!
          const ids = layer.oils.map((o) => o.id)
          expect(new Set(ids).size).toBe(ids.length)
          expect([...ids].sort((x, y) => x - y)).toEqual([...new Set([...inA, ...inB].map((o) => o.id))].sort((x, y) => x - y))
          for (const row of layer.oils) {
            expect(row.a).toBe(inA.find((o) => o.id === row.id)?.percentage ?? null)
            expect(row.b).toBe(inB.find((o) => o.id === row.id)?.percentage ?? null)
            expect(row.delta).toBeCloseTo((row.b ?? 0) - (row.a ?? 0), 2)
            expect(row.change).toBe(row.a === null ? 'added' : row.b === null ? 'removed' : row.delta === 0 ? 'same' : 'changed')
          }
        })
      }),
    )
  })

  it('is symmetric: swapping the versions swaps added and removed and negates every delta', () => {
    fc.assert(
      fc.property(versions, versions, (a, b) => {
        const forward = compareVersions(a, b)
        const back = compareVersions(b, a)
        const counts = [changeCounts(forward), changeCounts(back)]
        expect(counts[0]!.added).toBe(counts[1]!.removed)
        expect(counts[0]!.changed).toBe(counts[1]!.changed)
        forward.forEach((layer, i) => {
          for (const row of layer.oils) {
            const other = back[i]!.oils.find((o) => o.id === row.id)!
            expect(other.delta + row.delta).toBeCloseTo(0, 2)
            expect([other.a, other.b]).toEqual([row.b, row.a])
          }
        })
      }),
    )
  })

  it('compares a version with itself as all the same', () => {
    fc.assert(
      fc.property(versions, (a) => {
        const counts = changeCounts(compareVersions(a, a))
        expect(counts).toEqual({ added: 0, removed: 0, changed: 0, same: a.topOils.length + a.middleOils.length + a.baseOils.length })
      }),
    )
  })
})

describe('the words and numbers around a comparison', () => {
  it.each([
    [-10, '\u221210'],
    [2.5, '+2.5'],
    [0, '0'],
    [0.333333, '+0.33'],
  ])('writes a change of %s points as %s', (delta, text) => {
    expect(formatDelta(delta)).toBe(text)
  })

  it('finds a version by id, letter or reference, and none of another blend', () => {
    const choices = [
      { id: 7, versionLetter: 'a', referenceNumber: '001a' },
      { id: 9, versionLetter: 'b', referenceNumber: '001b' },
      { id: 30, versionLetter: 'aa', referenceNumber: '001aa' },
    ]
    expect(findVersion(choices, '9')?.id).toBe(9)
    expect(findVersion(choices, 'B')?.id).toBe(9)
    expect(findVersion(choices, '001aa')?.id).toBe(30)
    expect(findVersion(choices, 'aa')?.id).toBe(30)
    expect(findVersion(choices, '002a')).toBeUndefined()
    expect(findVersion(choices, '8')).toBeUndefined()
    expect(findVersion(choices, 'c')).toBeUndefined()
  })

  it('averages ratings to hundredths, and has none without a rating', () => {
    expect(averageRating(10, 3)).toBe(3.33)
    expect(averageRating(0, 0)).toBeNull()
  })

  it('makes each version as a batch of the chosen size with the calculator’s grams, and prices it from the shelf', () => {
    const a = version([oil(1, 30)], [oil(2, 50)], [oil(3, 20)])
    const b = version([oil(1, 20), oil(4, 10)], [oil(2, 50)], [oil(3, 20)])
    const shelf = new Map([
      [1, { remainingMl: 100, costPerMl: 0.5 }],
      [2, { remainingMl: 100, costPerMl: 0.1 }],
      [3, { remainingMl: 100, costPerMl: 1 }],
      [4, { remainingMl: 100, costPerMl: 2 }],
    ])
    const densities = new Map<number, number | null>([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ])
    const [sideA, sideB] = [
      batchSide(a, { weight: 10, unit: 'g' }, densities, shelf),
      batchSide(b, { weight: 10, unit: 'g' }, densities, shelf),
    ]
    expect(sideA.grams.get(layerOilKey('Top', 1))).toBeCloseTo(3)
    expect(sideB.grams.get(layerOilKey('Top', 4))).toBeCloseTo(1)
    expect(sideB.grams.get(layerOilKey('Middle', 1))).toBeUndefined()
    // a: 3 mL x 0.5 + 5 x 0.1 + 2 x 1 = 4; b: 2 x 0.5 + 1 x 2 + 0.5 + 2 = 5.5.
    expect(sideA.cost.totalCost).toBeCloseTo(4)
    expect(sideB.cost.totalCost).toBeCloseTo(5.5)
    expect(costDifference(sideA.cost, sideB.cost)).toBeCloseTo(1.5)
    // An ounce is 28.35 g; an unpriced shelf gives no cost and no difference.
    expect(batchSide(a, { weight: 1, unit: 'oz' }, densities, shelf).grams.get(layerOilKey('Base', 3))).toBeCloseTo(5.67, 2)
    const unpriced = batchSide(a, { weight: 10, unit: 'g' }, densities, new Map())
    expect(unpriced.cost.totalCost).toBeNull()
    expect(costDifference(unpriced.cost, sideB.cost)).toBeNull()
  })
})

describe('an amount in the compared batch', () => {
  it.each([
    [3, 'g', '3.00 g'],
    [28.349523125, 'oz', '1.000 oz'],
    [3, 'oz', '0.106 oz'],
    [226.796185, 'lb', '8.000 oz'],
    [907.18474, 'lb', '2.000 lb'],
  ] as const)('%d g in a batch sized in %s reads %j', (grams, unit, text) => {
    expect(batchAmountText(grams, unit, 'en')).toBe(text)
  })

  it('says none for an oil the version does not have', () => {
    expect(batchAmountText(undefined, 'oz')).toBe('none')
  })
})
