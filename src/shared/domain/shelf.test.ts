import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  batchCostTotals,
  batchOilCosts,
  bottleAmountToMl,
  costPerMl,
  drawOrder,
  fromMilli,
  mlToBottleAmount,
  planDraws,
  shortfalls,
  summarizeShelf,
  toMilli,
  type CostBottle,
} from '#shared/domain/shelf.ts'

const density = fc.double({ min: 0.8, max: 1.1, noNaN: true })
/** Amounts in thousandths and prices in cents, as the shelf keeps them (no subnormal floats). */
const amount = fc.integer({ min: 1, max: 10_000_000 }).map((x) => x / 1000)
const price = fc.option(
  fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100),
  { nil: null },
)
/** A bottle: its size, how full (0 = empty), its price or none. */
const bottle = fc
  .record({ sizeMl: amount, fill: fc.integer({ min: 0, max: 1000 }).map((x) => x / 1000), price })
  .map(({ sizeMl, fill, price }): CostBottle => ({ sizeMl, remainingMl: sizeMl * fill, price }))

describe('bottle units', () => {
  it('turns grams into millilitres through the density and back', () => {
    fc.assert(
      fc.property(amount, density, (g, d) => {
        expect(bottleAmountToMl(g, 'g', d)).toBeCloseTo(g / d, 9)
        expect(mlToBottleAmount(bottleAmountToMl(g, 'g', d), 'g', d)).toBeCloseTo(g, 6)
        expect(bottleAmountToMl(g, 'mL', d)).toBe(g)
      }),
    )
  })

  it('keeps thousandths exactly: a draw subtracted and put back gives the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 1_000_000_000 }), (left, draw) => {
        const taken = Math.min(left, draw)
        expect(left - taken + taken).toBe(left)
        expect(toMilli(fromMilli(left))).toBe(left)
      }),
    )
  })
})

describe('cost per mL', () => {
  it('is null, never 0, when no priced bottle has oil left', () => {
    fc.assert(
      fc.property(fc.array(bottle, { maxLength: 6 }), (bottles) => {
        const unpricedOrEmpty = bottles.map((b) => (b.price === null ? b : { ...b, remainingMl: 0 }))
        expect(costPerMl(unpricedOrEmpty)).toBeNull()
      }),
    )
    expect(costPerMl([])).toBeNull()
    expect(
      costPerMl([
        { sizeMl: 10, remainingMl: 0, price: 5 },
        { sizeMl: 10, remainingMl: 10, price: null },
      ]),
    ).toBeNull()
  })

  it('lies between the cheapest and dearest price per mL of the priced bottles with oil left', () => {
    fc.assert(
      fc.property(fc.array(bottle, { minLength: 1, maxLength: 8 }), (bottles) => {
        const counted = bottles.filter((b) => b.price !== null && b.remainingMl > 0)
        const cost = costPerMl(bottles)
        if (counted.length === 0) {
          expect(cost).toBeNull()
          return
        }
        const perMl = counted.map((b) => b.price! / b.sizeMl)
        expect(cost).not.toBeNull()
        expect(cost!).toBeGreaterThanOrEqual(Math.min(...perMl) * (1 - 1e-9))
        expect(cost!).toBeLessThanOrEqual(Math.max(...perMl) * (1 + 1e-9))
      }),
    )
  })

  it('weights each bottle by what is left, so empty and unpriced bottles change nothing', () => {
    expect(
      costPerMl([
        { sizeMl: 10, remainingMl: 10, price: 10 },
        { sizeMl: 10, remainingMl: 5, price: 30 },
      ]),
    ).toBeCloseTo(25 / 15, 12)
    fc.assert(
      fc.property(fc.array(bottle, { minLength: 1, maxLength: 6 }), amount, price, (bottles, size, p) => {
        const withEmpty = [...bottles, { sizeMl: size, remainingMl: 0, price: p }]
        const withUnpriced = [...bottles, { sizeMl: size, remainingMl: size, price: null }]
        expect(costPerMl(withEmpty)).toBe(costPerMl(bottles))
        expect(costPerMl(withUnpriced)).toBe(costPerMl(bottles))
      }),
    )
  })

  it('is the same whether a bottle was entered in grams or in the millilitres they make', () => {
    fc.assert(
      fc.property(amount, density, fc.double({ min: 0.01, max: 500, noNaN: true }), (grams, d, p) => {
        const asGrams = { sizeMl: bottleAmountToMl(grams, 'g', d), remainingMl: bottleAmountToMl(grams, 'g', d), price: p }
        const ml = grams / d
        expect(costPerMl([asGrams])!).toBeCloseTo(costPerMl([{ sizeMl: ml, remainingMl: ml, price: p }])!, 9)
        expect(costPerMl([asGrams])!).toBeCloseTo((p * d) / grams, 9)
      }),
    )
  })
})

describe('a batch’s cost', () => {
  const row = (id: number, ml: number) => ({ id, name: `Oil ${id}`, grams: ml * 0.9, ml })

  it('prices each oil at its cost per mL, says "no price" as null, and sums only the priced ones', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ml: amount,
            held: fc.double({ min: 0, max: 20_000, noNaN: true }),
            cost: fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: null }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
        (oils, units) => {
          const shelf = new Map(oils.map((o, i) => [i + 1, { remainingMl: o.held, costPerMl: o.cost }]))
          const lines = batchOilCosts(
            oils.map((o, i) => row(i + 1, o.ml)),
            shelf,
          )
          lines.forEach((line, i) => {
            const o = oils[i]!
            expect(line.cost === null).toBe(o.cost === null)
            if (o.cost !== null) expect(line.cost!).toBeCloseTo(o.ml * o.cost, 9)
            expect(line.shortMl).toBeGreaterThanOrEqual(0)
            if (o.held >= o.ml) expect(line.shortMl).toBe(0)
            else if (o.ml - o.held >= 0.001) expect(line.shortMl).toBeCloseTo(o.ml - o.held, 9)
          })
          const totals = batchCostTotals(lines, units)
          const priced = lines.filter((l) => l.cost !== null)
          if (priced.length === 0) expect(totals).toEqual({ totalCost: null, costIsPartial: false, costPerUnit: null })
          else {
            expect(totals.totalCost!).toBeCloseTo(
              priced.reduce((s, l) => s + l.cost!, 0),
              9,
            )
            expect(totals.costIsPartial).toBe(priced.length < lines.length)
            expect(totals.costPerUnit).toBe(units === null ? null : totals.totalCost! / units)
          }
          expect(shortfalls(lines).every((l) => l.shortMl > 0)).toBe(true)
        },
      ),
    )
  })

  it('sums an oil that is in two layers into one line, and an oil not on the shelf is short by all of it', () => {
    const lines = batchOilCosts([row(1, 3), row(2, 5), row(1, 2)], new Map([[1, { remainingMl: 4, costPerMl: 2 }]]))
    expect(lines).toEqual([
      { oilId: 1, oilName: 'Oil 1', grams: 5 * 0.9, ml: 5, shortMl: 1, cost: 10 },
      { oilId: 2, oilName: 'Oil 2', grams: 5 * 0.9, ml: 5, shortMl: 5, cost: null },
    ])
    expect(batchCostTotals(lines, 4)).toEqual({ totalCost: 10, costIsPartial: true, costPerUnit: 2.5 })
  })

  it('works from a shelf summary mixing mL and g bottles, priced and unpriced, full and empty', () => {
    const d = 0.9
    const summary = summarizeShelf([
      { oilId: 7, sizeMl: bottleAmountToMl(90, 'g', d), remainingMl: bottleAmountToMl(45, 'g', d), price: 20 }, // 100 mL bottle, 50 left: 0.2/mL
      { oilId: 7, sizeMl: 10, remainingMl: 10, price: 5 }, // 0.5/mL
      { oilId: 7, sizeMl: 10, remainingMl: 0, price: 100 },
      { oilId: 8, sizeMl: 10, remainingMl: 10, price: null },
    ])
    expect(summary.get(7)).toEqual({
      oilId: 7,
      bottleCount: 3,
      remainingMl: expect.closeTo(60, 9),
      costPerMl: expect.closeTo((0.2 * 50 + 0.5 * 10) / 60, 12),
    })
    expect(summary.get(8)).toEqual({ oilId: 8, bottleCount: 1, remainingMl: 10, costPerMl: null })
  })
})

describe('drawing from bottles', () => {
  const drawBottle = fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    remainingMl: fc.oneof(fc.constant(0), amount),
    purchasedOn: fc.option(fc.constantFrom('2025-01-01', '2025-06-30', '2026-02-14'), { nil: null }),
    createdAt: fc.constantFrom('2025-03-01T10:00:00.000Z', '2026-01-01T09:00:00.000Z'),
  })
  const bottles = fc.uniqueArray(drawBottle, { selector: (b) => b.id, maxLength: 6 })

  it('takes exactly the need, or everything there is and records the rest as short', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 30_000, noNaN: true }), bottles, (need, list) => {
        const { draws, shortMl } = planDraws(need, list)
        const taken = draws.reduce((s, d) => s + d.ml, 0)
        const held = list.reduce((s, b) => s + b.remainingMl, 0)
        // Less than the tolerance (a thousandth of a mL) may go unrecorded, never more.
        expect(Math.abs(taken + shortMl - need)).toBeLessThan(0.001)
        expect(taken).toBeLessThanOrEqual(held * (1 + 1e-12))
        if (shortMl > 0) expect(taken).toBeCloseTo(held, 6)
        for (const d of draws) {
          const b = list.find((x) => x.id === d.bottleId)!
          expect(d.ml).toBeGreaterThan(0)
          expect(d.ml).toBeLessThanOrEqual(b.remainingMl)
          expect(d.emptied).toBe(d.ml === b.remainingMl)
        }
      }),
    )
  })

  it('empties the oldest bottle first: purchase date, else the day it was added, then id', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 30_000, noNaN: true }), bottles, (need, list) => {
        const { draws } = planDraws(need, list)
        const order = drawOrder(list.filter((b) => b.remainingMl > 0)).map((b) => b.id)
        expect(draws.map((d) => d.bottleId)).toEqual(order.slice(0, draws.length))
        draws.slice(0, -1).forEach((d) => expect(d.emptied).toBe(true))
      }),
    )
    const list = [
      { id: 3, remainingMl: 1, purchasedOn: null, createdAt: '2024-05-01T00:00:00.000Z' },
      { id: 1, remainingMl: 1, purchasedOn: '2025-01-01', createdAt: '2020-01-01T00:00:00.000Z' },
      { id: 2, remainingMl: 1, purchasedOn: '2025-01-01', createdAt: '2020-01-01T00:00:00.000Z' },
    ]
    expect(drawOrder(list).map((b) => b.id)).toEqual([3, 1, 2])
  })
})
