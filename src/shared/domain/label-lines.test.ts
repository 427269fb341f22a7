import { describe, expect, it } from 'vitest'
import { clpAllergens, computeLabel, type LabelInput, type LabelOil } from '#shared/domain/allergen-label.ts'
import { allergenLine } from '#shared/domain/label-lines.ts'
import { productTypeById } from '#shared/domain/safety.ts'

/** The label's allergen line and a home product's CLP allergens (docs/product.md "Allergen labels", "Home fragrance and CLP"). */

const lavender: LabelOil = {
  oilId: 1,
  oilName: 'Lavender',
  inci: 'Lavandula Angustifolia Oil',
  annexEntryId: 'lavandula-oil-extract',
  densityGPerMl: 0.9,
  grams: 14,
}
const bergamot: LabelOil = {
  oilId: 2,
  oilName: 'Bergamot',
  inci: 'Citrus Aurantium Bergamia Peel Oil',
  annexEntryId: 'citrus-aurantium-bergamia-peel-oil',
  densityGPerMl: 0.88,
  grams: 6,
}
const declared = (id: number, items: { entryId: string; percent: number }[]) => ({
  id,
  lotCode: null,
  supplier: null,
  declaration: { basis: 'w/w' as const, items },
})

/** A 1,000 g lotion at 2 %: lavender 14 g (linalool 30 %, geraniol 0.01 %), bergamot 6 g (limonene 40 %, linalool 10 %). */
const lotion = (over: Partial<LabelInput> = {}): LabelInput => ({
  productType: productTypeById('lotion')!,
  productGrams: 1000,
  oilPercentage: 2,
  fragranceAs: 'inci',
  base: [{ inci: 'Aqua', percent: 80 }],
  oils: [lavender, bergamot],
  portions: [
    {
      oilId: 1,
      grams: 14,
      bottle: declared(7, [
        { entryId: 'linalool', percent: 30 },
        { entryId: 'geraniol', percent: 0.001 },
      ]),
    },
    {
      oilId: 2,
      grams: 6,
      bottle: declared(8, [
        { entryId: 'limonene', percent: 40 },
        { entryId: 'linalool', percent: 10 },
      ]),
    },
  ],
  computedAt: '2026-11-27T08:00:00.000Z',
  ...over,
})

describe('the allergen line', () => {
  it('names only the substances over the threshold, in the ingredient list’s order, never the whole oils the list names', () => {
    const label = computeLabel(lotion())
    // The whole oils are declared entries too: the screen lists them, but the ingredient list already names them.
    expect(label.declared.map((a) => a.inci)).toContain('Lavandula Angustifolia Oil')
    expect(label.ingredientText).toBe('Aqua, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene')
    // Linalool 0.42 + 0.06 = 0.48 %, limonene 0.24 %: in the list's order; geraniol (0.000014 %) is under 0.001 %.
    expect(allergenLine(label)).toEqual(['Linalool', 'Limonene'])
  })

  it('names the whole oils too when the list hides them under "Parfum"', () => {
    const label = computeLabel(lotion({ fragranceAs: 'parfum' }))
    expect(label.ingredientText).toBe('Aqua, Parfum, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene')
    expect(allergenLine(label)).toEqual(['Lavandula Angustifolia Oil', 'Citrus Aurantium Bergamia Peel Oil', 'Linalool', 'Limonene'])
  })

  it('is empty when nothing is over the threshold', () => {
    const label = computeLabel(
      lotion({
        oils: [{ ...lavender, annexEntryId: null, grams: 20 }],
        portions: [{ oilId: 1, grams: 20, bottle: declared(7, [{ entryId: 'geraniol', percent: 0.001 }]) }],
      }),
    )
    expect(allergenLine(label)).toEqual([])
  })
})

describe('a home product’s CLP allergens', () => {
  // A 200 g candle at 8 %: 16 g of oil, lavender 11.2 g (linalool 30 %), bergamot 4.8 g (limonene 40 %, citral 0.2 %).
  const candle = {
    productGrams: 200,
    oils: [
      { ...lavender, grams: 11.2 },
      { ...bergamot, grams: 4.8 },
    ],
    portions: [
      { oilId: 1, grams: 11.2, bottle: declared(7, [{ entryId: 'linalool', percent: 30 }]) },
      {
        oilId: 2,
        grams: 4.8,
        bottle: declared(8, [
          { entryId: 'limonene', percent: 40 },
          { entryId: 'citral', percent: 0.2 },
        ]),
      },
    ],
  }

  it('lists each declared allergen at 0.1 % or more for "Contains ...", and those at 1 % or more apart', () => {
    const clp = clpAllergens(candle)
    // Lavender 5.6 %, linalool 1.68 %, limonene 0.96 %, bergamot 2.4 %; citral 0.0048 % stays off.
    expect(clp.contains.map((a) => [a.inci, Number(a.percent.toFixed(4))])).toEqual([
      ['Lavandula Angustifolia Oil', 5.6],
      ['Citrus Aurantium Bergamia Peel Oil', 2.4],
      ['Linalool', 1.68],
      ['Limonene', 0.96],
    ])
    expect(clp.overOnePercent.map((a) => a.inci)).toEqual(['Lavandula Angustifolia Oil', 'Citrus Aurantium Bergamia Peel Oil', 'Linalool'])
    expect(clp.containsText).toBe(
      'Contains Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene. May produce an allergic reaction.',
    )
    expect(clp.complete).toBe(true)
  })

  it('counts 0.1 % exactly as in, and says what no declaration covers', () => {
    const clp = clpAllergens({
      productGrams: 100,
      oils: [{ ...lavender, annexEntryId: null, grams: 1 }],
      portions: [
        { oilId: 1, grams: 0.5, bottle: declared(7, [{ entryId: 'linalool', percent: 20 }]) },
        { oilId: 1, grams: 0.5, bottle: null, reason: 'not-on-shelf' },
      ],
    })
    expect(clp.contains.map((a) => a.inci)).toEqual(['Linalool'])
    expect(clp.complete).toBe(false)
    expect(clp.missing).toEqual([expect.objectContaining({ oilName: 'Lavender', reason: 'not-on-shelf', grams: 0.5 })])
  })

  it('names none when nothing reaches 0.1 %', () => {
    expect(clpAllergens({ ...candle, portions: [], oils: [{ ...lavender, annexEntryId: null, grams: 0.1 }] }).containsText).toBeNull()
  })
})
