import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LABEL_NOTICE } from '#shared/api/labels.ts'
import {
  computeLabel,
  exceedsThreshold,
  labelUse,
  thresholdFor,
  toWeightPercent,
  type LabelInput,
  type LabelOil,
  type LabelPortion,
} from '#shared/domain/allergen-label.ts'
import { allergenById, EU_ALLERGENS } from '#shared/domain/eu-allergens.ts'
import { productTypeById } from '#shared/domain/safety.ts'

/** The worked examples of docs/product.md "Allergen labels", by hand and through computeLabel. */

const LOTION = productTypeById('lotion')!
const SOAP = productTypeById('cold-process-soap')!
const AT = '2026-11-26T08:00:00.000Z'

const lavender: LabelOil = {
  oilId: 1,
  oilName: 'Lavender',
  inci: 'Lavandula Angustifolia Oil',
  annexEntryId: 'lavandula-oil-extract',
  densityGPerMl: 0.9,
  grams: 20,
}
const bottle = (
  id: number,
  lotCode: string,
  declaration: LabelPortion['bottle'] extends infer B ? (B extends { declaration: infer D } ? D : never) : never,
) => ({
  id,
  lotCode,
  supplier: 'Aroma Co',
  declaration,
})
const input = (over: Partial<LabelInput>): LabelInput => ({
  productType: LOTION,
  productGrams: 1000,
  oilPercentage: 2,
  fragranceAs: 'inci',
  base: [],
  oils: [lavender],
  portions: [],
  computedAt: AT,
  ...over,
})
const find = (label: ReturnType<typeof computeLabel>, id: string) =>
  [...label.declared, ...label.belowThreshold].find((a) => a.entryId === id)

describe('the thresholds', () => {
  it('are 0.001 % leave-on and 0.01 % rinse-off; home products are not cosmetics', () => {
    expect(thresholdFor('leave-on')).toBe(0.001)
    expect(thresholdFor('rinse-off')).toBe(0.01)
    expect(labelUse(LOTION)).toBe('leave-on')
    expect(labelUse(SOAP)).toBe('rinse-off')
    // Shampoo and body wash: the usage guide's other rinse-off product.
    expect(labelUse(productTypeById('rinse-off')!)).toBe('rinse-off')
    expect(labelUse(productTypeById('candles')!)).toBeNull()
    expect(() => computeLabel(input({ productType: productTypeById('diffuser')! }))).toThrow(/not a cosmetic/)
  })

  it('declares only what strictly exceeds the threshold, sums a hair off counting as equal', () => {
    expect(exceedsThreshold(0.01, 0.01)).toBe(false)
    expect(exceedsThreshold(0.1 * 0.1, 0.01)).toBe(false) // 0.010000000000000002
    expect(exceedsThreshold(0.0101, 0.01)).toBe(true)
  })

  it('converts a w/v figure to w/w by dividing by the density', () => {
    expect(toWeightPercent(27, 'w/v', 0.9)).toBeCloseTo(30, 12)
    expect(toWeightPercent(27, 'w/w', 0.9)).toBe(27)
  })
})

describe('worked examples', () => {
  it('1. a 1,000 g lotion at 2 % oil, one lavender bottle declaring linalool 30 %: 0.6 %, declared', () => {
    const label = computeLabel(
      input({
        portions: [{ oilId: 1, grams: 20, bottle: bottle(7, 'LAV-1', { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] }) }],
      }),
    )
    // 20 g / 1,000 g x 30 % = 0.6 %
    const linalool = find(label, 'linalool')!
    expect(linalool.percent).toBeCloseTo(0.6, 12)
    expect(label.declared.map((a) => a.entryId)).toContain('linalool')
    expect(linalool).toMatchObject({
      inci: 'Linalool',
      cas: ['78-70-6'],
      fromRecipe: false,
      sources: [{ oilId: 1, bottleId: 7, lotCode: 'LAV-1' }],
    })
    // Lavender is itself an annex entry (Lavandula Oil/Extract): 2 % from the recipe.
    expect(find(label, 'lavandula-oil-extract')).toMatchObject({ inci: 'Lavandula Angustifolia Oil', fromRecipe: true })
    expect(find(label, 'lavandula-oil-extract')!.percent).toBeCloseTo(2, 12)
    expect(label).toMatchObject({
      complete: true,
      missing: [],
      use: 'leave-on',
      thresholdPercent: 0.001,
      notice: LABEL_NOTICE,
      computedAt: AT,
    })
    expect(label.ingredientText).toBe('Lavandula Angustifolia Oil, Linalool')
    const parfum = computeLabel(
      input({
        fragranceAs: 'parfum',
        portions: [{ oilId: 1, grams: 20, bottle: bottle(7, 'LAV-1', { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] }) }],
      }),
    )
    expect(parfum.ingredientText).toBe('Parfum, Lavandula Angustifolia Oil, Linalool')
  })

  it('2. a soap whose limonene comes to 0.005 %: not declared rinse-off, declared leave-on', () => {
    const litsea: LabelOil = {
      oilId: 2,
      oilName: 'Litsea',
      inci: 'Litsea Cubeba Fruit Oil',
      annexEntryId: null,
      densityGPerMl: 0.88,
      grams: 10,
    }
    const portions: LabelPortion[] = [
      { oilId: 2, grams: 10, bottle: bottle(8, 'LIT-1', { basis: 'w/w', items: [{ entryId: 'limonene', percent: 0.5 }] }) },
    ]
    // 10 g / 1,000 g x 0.5 % = 0.005 %: under 0.01 (rinse-off), over 0.001 (leave-on).
    const soap = computeLabel(input({ productType: SOAP, oilPercentage: 1, oils: [litsea], portions }))
    expect(soap.declared).toEqual([])
    expect(soap.belowThreshold.map((a) => [a.entryId, a.percent])).toEqual([['limonene', expect.closeTo(0.005, 12)]])
    expect(soap.ingredientText).toBe('Litsea Cubeba Fruit Oil')
    const lotion = computeLabel(input({ oilPercentage: 1, oils: [litsea], portions }))
    expect(lotion.declared.map((a) => a.entryId)).toEqual(['limonene'])
    expect(lotion.ingredientText).toBe('Litsea Cubeba Fruit Oil, Limonene')
  })

  it('3. one oil drawn from two lots with different declarations: each lot for its share', () => {
    const label = computeLabel(
      input({
        portions: [
          { oilId: 1, grams: 12, bottle: bottle(7, 'LAV-1', { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] }) },
          {
            oilId: 1,
            grams: 8,
            bottle: bottle(9, 'LAV-2', {
              basis: 'w/w',
              items: [
                { entryId: 'linalool', percent: 40 },
                { entryId: 'linalyl-acetate', percent: 35 },
              ],
            }),
          },
        ],
      }),
    )
    // Linalool: 12/1000 x 30 + 8/1000 x 40 = 0.36 + 0.32 = 0.68 %; linalyl acetate 8/1000 x 35 = 0.28 %.
    const linalool = find(label, 'linalool')!
    expect(linalool.percent).toBeCloseTo(0.68, 12)
    expect(linalool.sources.map((s) => [s.bottleId, s.lotCode, Number(s.percent.toFixed(6))])).toEqual([
      [7, 'LAV-1', 0.36],
      [9, 'LAV-2', 0.32],
    ])
    expect(find(label, 'linalyl-acetate')!.percent).toBeCloseTo(0.28, 12)
    expect(label.declared.map((a) => a.entryId)).toEqual(['lavandula-oil-extract', 'linalool', 'linalyl-acetate'])
    expect(label.ingredientText).toBe('Lavandula Angustifolia Oil, Linalool, Linalyl Acetate')
  })

  it('4. the lotion with 30 % bergamot in the blend: Citrus Aurantium Bergamia Peel Oil at 0.6 %, from the recipe alone', () => {
    const bergamot: LabelOil = {
      oilId: 3,
      oilName: 'Bergamot',
      inci: 'Citrus Aurantium Bergamia Peel Oil',
      annexEntryId: 'citrus-aurantium-bergamia-peel-oil',
      densityGPerMl: 0.88,
      grams: 6,
    }
    const lav = { ...lavender, grams: 14 }
    const label = computeLabel(
      input({
        oils: [bergamot, lav],
        portions: [
          { oilId: 3, grams: 6, bottle: bottle(10, 'BER-1', null) },
          { oilId: 1, grams: 14, bottle: bottle(7, 'LAV-1', { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] }) },
        ],
      }),
    )
    // 6 g / 1,000 g x 100 = 0.6 %, with no declaration for the bergamot bottle.
    const berg = find(label, 'citrus-aurantium-bergamia-peel-oil')!
    expect(berg).toMatchObject({ fromRecipe: true, inci: 'Citrus Aurantium Bergamia Peel Oil', sources: [{ oilId: 3, bottleId: null }] })
    expect(berg.percent).toBeCloseTo(0.6, 12)
    expect(label.declared.map((a) => a.entryId)).toContain('citrus-aurantium-bergamia-peel-oil')
    // The bergamot bottle's own substances are unknown: never read as zero.
    expect(label.complete).toBe(false)
    expect(label.missing).toEqual([
      { oilId: 3, oilName: 'Bergamot', bottleId: 10, lotCode: 'BER-1', supplier: 'Aroma Co', grams: 6, reason: 'no-declaration' },
    ])
    expect(label.ingredientText).toBe('Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool')
  })

  it('lists what the shelf did not hold and a deleted bottle as missing', () => {
    const label = computeLabel(
      input({
        portions: [
          { oilId: 1, grams: 15, bottle: null, reason: 'bottle-deleted' },
          { oilId: 1, grams: 5, bottle: null },
        ],
      }),
    )
    expect(label.complete).toBe(false)
    expect(label.missing.map((m) => [m.reason, m.grams])).toEqual([
      ['bottle-deleted', 15],
      ['not-on-shelf', 5],
    ])
  })

  it('does not add a bottle’s declaration of its own oil’s entry to the recipe’s figure', () => {
    const label = computeLabel(
      input({
        portions: [
          {
            oilId: 1,
            grams: 20,
            bottle: bottle(7, 'LAV-1', { basis: 'w/w', items: [{ entryId: 'lavandula-oil-extract', percent: 100 }] }),
          },
        ],
      }),
    )
    expect(find(label, 'lavandula-oil-extract')!.percent).toBeCloseTo(2, 12)
  })

  it('puts the base and fragrance in descending order of weight, then the declared allergens', () => {
    const label = computeLabel(
      input({
        base: [
          { inci: 'Glycerin', percent: 5 },
          { inci: 'Aqua', percent: 70 },
          { inci: 'Cetearyl Alcohol', percent: 0.5 },
        ],
        portions: [{ oilId: 1, grams: 20, bottle: bottle(7, 'LAV-1', { basis: 'w/v', items: [{ entryId: 'linalool', percent: 27 }] }) }],
      }),
    )
    // w/v 27 g per 100 mL / 0.9 g/mL = 30 % w/w: 0.6 % of the product.
    expect(find(label, 'linalool')!.percent).toBeCloseTo(0.6, 12)
    expect(label.ingredientText).toBe('Aqua, Glycerin, Lavandula Angustifolia Oil, Cetearyl Alcohol, Linalool')
    expect(label.ingredients.map((i) => i.kind)).toEqual(['base', 'base', 'fragrance', 'base', 'allergen'])
  })
})

describe('properties', () => {
  const substanceIds = EU_ALLERGENS.filter((e) => e.kind === 'substance').map((e) => e.id)
  const extractIds = EU_ALLERGENS.filter((e) => e.kind === 'natural-extract').map((e) => e.id)
  const declaration = (density: number) =>
    fc
      .record({
        basis: fc.constantFrom('w/w' as const, 'w/v' as const),
        picks: fc.uniqueArray(
          fc.record({ entryId: fc.constantFrom(...substanceIds, ...extractIds), weight: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
          {
            minLength: 1,
            maxLength: 12,
            selector: (p) => p.entryId,
          },
        ),
        total: fc.double({ min: 0.01, max: 1, noNaN: true }),
      })
      .map(({ basis, picks, total }) => {
        // The most the declaration may total: 100 % w/w, or 100 x density g per 100 mL.
        const cap = (basis === 'w/w' ? 100 : 100 * density) * total
        const sum = picks.reduce((s, p) => s + p.weight, 0)
        return { basis, items: picks.map((p) => ({ entryId: p.entryId, percent: (p.weight / sum) * cap })) }
      })

  const scenario = fc
    .record({
      oilPercentage: fc.double({ min: 0.1, max: 60, noNaN: true }),
      productGrams: fc.double({ min: 10, max: 100_000, noNaN: true }),
      oils: fc.array(
        fc.record({
          share: fc.double({ min: 0.01, max: 1, noNaN: true }),
          density: fc.double({ min: 0.8, max: 1.1, noNaN: true }),
          annexEntryId: fc.option(fc.constantFrom(...extractIds), { nil: null }),
          splits: fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      base: fc.array(
        fc.record({
          inci: fc.constantFrom('Aqua', 'Glycerin', 'Cera Alba', 'Sodium Olivate', 'Parfum', 'Linalool'),
          share: fc.double({ min: 0.01, max: 1, noNaN: true }),
        }),
        { maxLength: 8 },
      ),
      fragranceAs: fc.constantFrom('inci' as const, 'parfum' as const),
      use: fc.constantFrom('lotion', 'cold-process-soap'),
    })
    .chain((s) =>
      fc.tuple(
        fc.constant(s),
        fc.tuple(...s.oils.map((o) => fc.tuple(...o.splits.map(() => fc.option(declaration(o.density), { nil: null }))))),
      ),
    )
    .map(([s, decls]): LabelInput => {
      const oilGrams = (s.oilPercentage / 100) * s.productGrams
      const shares = s.oils.reduce((sum, o) => sum + o.share, 0)
      const oils: LabelOil[] = s.oils.map((o, i) => ({
        oilId: i + 1,
        oilName: `Oil ${i + 1}`,
        inci: `Oil${i + 1} Oil`,
        annexEntryId: o.annexEntryId,
        densityGPerMl: o.density,
        grams: (o.share / shares) * oilGrams,
      }))
      const portions: LabelPortion[] = s.oils.flatMap((o, i) => {
        const parts = o.splits.reduce((sum, x) => sum + x, 0)
        return o.splits.map((x, j) => ({
          oilId: i + 1,
          grams: (x / parts) * oils[i]!.grams,
          bottle: { id: i * 10 + j + 1, lotCode: null, supplier: null, declaration: decls[i]![j] ?? null },
        }))
      })
      const baseRoom = 100 - s.oilPercentage
      const baseSum = s.base.reduce((sum, b) => sum + b.share, 0)
      const base = s.base.map((b) => ({ inci: b.inci, percent: (b.share / Math.max(baseSum, 1)) * baseRoom }))
      return {
        productType: productTypeById(s.use)!,
        productGrams: s.productGrams,
        oilPercentage: s.oilPercentage,
        fragranceAs: s.fragranceAs,
        base,
        oils,
        portions,
        computedAt: AT,
      }
    })

  it('never gives substances summing above the oil percentage, nor a natural extract above it, and keeps the order rule', () => {
    fc.assert(
      fc.property(scenario, (inp) => {
        const label = computeLabel(inp)
        const all = [...label.declared, ...label.belowThreshold]
        const eps = 1e-9 * Math.max(1, inp.oilPercentage)
        const substances = all.filter((a) => allergenById(a.entryId)!.kind === 'substance').reduce((sum, a) => sum + a.percent, 0)
        expect(substances).toBeLessThanOrEqual(inp.oilPercentage + eps)
        for (const a of all.filter((x) => allergenById(x.entryId)!.kind === 'natural-extract'))
          expect(a.percent).toBeLessThanOrEqual(inp.oilPercentage + eps)
        // Order: base and fragrance by weight, highest first; then only allergens, highest first.
        const kinds = label.ingredients.map((i) => i.kind)
        const firstAllergen = kinds.indexOf('allergen')
        if (firstAllergen >= 0) expect(kinds.slice(firstAllergen).every((k) => k === 'allergen')).toBe(true)
        const listed = label.ingredients.filter((i) => i.kind !== 'allergen')
        for (let i = 1; i < listed.length; i += 1) expect(listed[i]!.percent).toBeLessThanOrEqual(listed[i - 1]!.percent)
        const allergens = label.ingredients.filter((i) => i.kind === 'allergen')
        for (let i = 1; i < allergens.length; i += 1) expect(allergens[i]!.percent).toBeLessThanOrEqual(allergens[i - 1]!.percent)
        // Every declared allergen is named in the list, once.
        const names = label.ingredients.map((i) => i.name.toLowerCase())
        for (const a of label.declared) expect(names).toContain(a.inci.toLowerCase())
        expect(label.ingredientText).toBe(label.ingredients.map((i) => i.name).join(', '))
        // Missing is never zero: complete only when every portion had a declaration.
        expect(label.complete).toBe(inp.portions.every((p) => p.bottle?.declaration))
      }),
      { numRuns: 300, seed: 26 },
    )
  })
})

describe('declarations that say what the sheet says (decision 049)', () => {
  const frankincense: LabelOil = {
    oilId: 2,
    oilName: 'Frankincense',
    inci: 'Boswellia Carterii Oil',
    annexEntryId: null,
    densityGPerMl: 0.87,
    grams: 10,
  }
  const cedarwood: LabelOil = {
    oilId: 3,
    oilName: 'Atlas Cedarwood',
    inci: 'Cedrus Atlantica Bark Oil',
    annexEntryId: 'cedrus-atlantica-oil-extract',
    densityGPerMl: 0.95,
    grams: 10,
  }

  it('counts a bottle whose sheet declares no Annex III allergen as declared: the label is complete', () => {
    const label = computeLabel(
      input({
        oils: [frankincense, cedarwood],
        portions: [
          { oilId: 2, grams: 10, bottle: bottle(1, 'FRK-3', { basis: 'w/w', items: [{ entryId: 'limonene', percent: 12 }] }) },
          { oilId: 3, grams: 10, bottle: bottle(2, 'CED-1', { basis: 'w/w', items: [] }) },
        ],
      }),
    )
    expect(label.complete).toBe(true)
    expect(label.missing).toEqual([])
    // The cedarwood oil is an annex entry itself, declared from the recipe: 10 g in 1,000 g is 1 %.
    expect(find(label, 'cedrus-atlantica-oil-extract')).toMatchObject({ fromRecipe: true, percent: expect.closeTo(1, 9) })
  })

  it('uses a figure read from a limit or a range as given: the Frankincense lotion declares pinene at the range’s top', () => {
    // 10 g of frankincense in a 1,000 g lotion whose sheet says alpha-Pinene 30-35 % and Linalool max 0.5 %.
    const label = computeLabel(
      input({
        oils: [frankincense],
        portions: [
          {
            oilId: 2,
            grams: 10,
            bottle: bottle(1, 'FRK-3', {
              basis: 'w/w',
              items: [
                { entryId: 'limonene', percent: 12 },
                { entryId: 'pinene', percent: 35, upTo: true },
                { entryId: 'linalool', percent: 0.5, upTo: true },
              ],
            }),
          },
        ],
      }),
    )
    expect(label.declared.map((a) => [a.entryId, Number(a.percent.toPrecision(6))])).toEqual([
      ['pinene', 0.35],
      ['limonene', 0.12],
      ['linalool', 0.005],
    ])
  })
})
