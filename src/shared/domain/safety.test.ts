import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkSafety,
  NOTHING_ON_FILE,
  PRODUCT_TYPES,
  productTypeById,
  USAGE_GUIDE,
  type SafetyFacts,
  type SafetyOil,
} from '#shared/domain/safety.ts'

const SOURCE = 'Tisserand & Young 2014, Essential Oil Safety (2nd ed.)'
const NONE: SafetyFacts = NOTHING_ON_FILE
const bergamot = (productPercentage: number): SafetyOil => ({
  name: 'Bergamot',
  productPercentage,
  safety: { ...NONE, maxLeaveOnPercent: 0.4, phototoxic: true, source: SOURCE },
})
const lavender: SafetyOil = { name: 'Lavender', productPercentage: 1, safety: null }
const clove = (productPercentage: number): SafetyOil => ({
  name: 'Clove Bud',
  productPercentage,
  safety: { ...NONE, maxLeaveOnPercent: 0.5, phototoxic: false, source: 'Tisserand Institute' },
})

describe('product types', () => {
  it.each([
    ['diffuser', 'home'],
    ['bath-salts', 'rinse-off'],
    ['lotion', 'leave-on'],
    ['leave-on', 'leave-on'],
    ['cold-process-soap', 'rinse-off'],
    ['melt-and-pour-soap', 'rinse-off'],
    ['rinse-off', 'rinse-off'],
    ['room-spray', 'home'],
    ['bath-bombs', 'rinse-off'],
    ['wax-melts', 'home'],
    ['candles', 'home'],
  ])('%s is a %s product with a default percentage', (id, use) => {
    const type = productTypeById(id)
    expect(type?.use).toBe(use)
    expect(type!.defaultPercentage).toBeGreaterThan(0)
  })

  it('defaults percentage types inside their typical range', () => {
    const checked: string[] = []
    for (const type of PRODUCT_TYPES) {
      const range = /^([\d.]+)-([\d.]+)%$/.exec(type.typicalRate)
      if (!range) continue
      checked.push(type.id)
      expect(type.defaultPercentage, type.id).toBeGreaterThanOrEqual(Number(range[1]))
      expect(type.defaultPercentage, type.id).toBeLessThanOrEqual(Number(range[2]))
    }
    // Every type but the two measured in drops: a rate written another way would skip its check.
    expect(checked).toHaveLength(9)
    expect(checked).toEqual([
      'lotion',
      'leave-on',
      'cold-process-soap',
      'melt-and-pour-soap',
      'rinse-off',
      'room-spray',
      'bath-bombs',
      'wax-melts',
      'candles',
    ])
  })

  it('keeps the usage guide of the spec', () => {
    expect(USAGE_GUIDE.map((g) => `${g.label} ${g.rate}`)).toEqual([
      'Diffuser 5-8 drops',
      'Bath salts 10-15 drops per cup',
      'Lotion/cream 0.5-2%',
      'Cold process soap 1-3%',
      'Melt and pour soap 2-4%',
      'Room spray 1-3%',
      'Bath bombs 3-5%',
      'Wax melts 6-10%',
      'Candles 6-10%',
    ])
  })
})

describe('safety checks', () => {
  it('warns about 3% Bergamot in a lotion: over its 0.4% maximum and phototoxic', () => {
    const report = checkSafety('leave-on', [bergamot(3), lavender])
    expect(report.warnings.map((w) => w.kind)).toEqual(['over-limit', 'phototoxic'])
    for (const warning of report.warnings) {
      expect(warning).toMatchObject({ oil: 'Bergamot', productPercentage: 3, limitPercent: 0.4, source: SOURCE })
      expect(warning.message).toContain('Bergamot')
      expect(warning.message).toContain('3%')
      expect(warning.message).toContain('0.4%')
      expect(warning.message).toContain(SOURCE)
    }
  })

  it('still flags Bergamot as phototoxic under its maximum in a leave-on product', () => {
    const report = checkSafety('leave-on', [bergamot(0.3)])
    expect(report.warnings.map((w) => w.kind)).toEqual(['phototoxic'])
  })

  it('does not warn about phototoxicity for the same Bergamot in cold process soap, and says why', () => {
    const report = checkSafety('rinse-off', [bergamot(3)])
    expect(report.warnings).toEqual([])
    expect(report.scope).toMatch(/phototoxicity warnings do not apply/)
  })

  it('shows no skin limits for a diffuser', () => {
    const report = checkSafety(productTypeById('diffuser')!.use, [bergamot(3), clove(5)])
    expect(report.warnings).toEqual([])
    expect(report.scope).toMatch(/no skin limits apply/)
  })

  it.each([
    [0.5, []],
    [0.51, ['over-limit']],
  ])('warns a sensitiser only above its maximum (Clove Bud at %s%)', (share, kinds) => {
    expect(checkSafety('leave-on', [clove(share)]).warnings.map((w) => w.kind)).toEqual(kinds)
  })

  it('adds up an oil that appears in two layers before comparing', () => {
    const report = checkSafety('leave-on', [clove(0.3), clove(0.3)])
    expect(report.warnings).toHaveLength(1)
    expect(report.warnings[0]!.productPercentage).toBeCloseTo(0.6)
  })

  it('warns of no oil without published facts, but names it as not checked', () => {
    const report = checkSafety('leave-on', [lavender])
    expect(report.warnings).toEqual([])
    expect(report.unchecked.map((u) => u.message)).toEqual([
      'No published maximum on file for Lavender, so its 1% of the finished product could not be checked.',
    ])
    expect(report.clear).toBe(false)
  })
})

describe('a leave-on report says only what it checked (issue 31)', () => {
  const lemongrass = (productPercentage: number): SafetyOil => ({
    name: 'Lemongrass',
    productPercentage,
    safety: {
      ...NONE,
      maxLeaveOnPercent: 0.7,
      source: 'Tisserand Institute [TI-1]',
      children: { text: 'Use on the skin of infants and children under 2 with caution.', source: 'organic.io [OIO-L]' },
      pregnancy: { text: 'Tisserand & Young note a risk of teratogenicity (citral).', source: 'organic.io [OIO-L]' },
    },
  })
  const vetiver = (productPercentage: number): SafetyOil => ({ name: 'Vetiver', productPercentage, safety: NONE })

  it('flags a 2% lotion holding 1.0% Lemongrass over its 0.7% maximum', () => {
    // Half the blend at 2% of the lotion: 1.0% of the finished product.
    const report = checkSafety(productTypeById('lotion')!.use, [lemongrass(1), clove(0.4)])
    expect(report.warnings).toEqual([
      expect.objectContaining({
        kind: 'over-limit',
        oil: 'Lemongrass',
        productPercentage: 1,
        limitPercent: 0.7,
        source: 'Tisserand Institute [TI-1]',
      }),
    ])
    expect(report.warnings[0]!.message).toContain('above its leave-on maximum of 0.7% (Tisserand Institute [TI-1])')
    expect(report.unchecked).toEqual([])
    expect(report.clear).toBe(false)
  })

  it('names the maximum of a Vetiver lotion as unknown, and never says there are no warnings', () => {
    const report = checkSafety('leave-on', [vetiver(0.5), clove(0.2)])
    expect(report.warnings).toEqual([])
    expect(report.unchecked).toEqual([
      {
        oil: 'Vetiver',
        productPercentage: 0.5,
        message: 'No published maximum on file for Vetiver, so its 0.5% of the finished product could not be checked.',
      },
    ])
    expect(report.clear).toBe(false)
  })

  it('is clear only when every oil has a maximum and none is passed', () => {
    expect(checkSafety('leave-on', [clove(0.3), lemongrass(0.5)]).clear).toBe(true)
    expect(checkSafety('leave-on', [clove(0.3), lemongrass(0.5), vetiver(0.1)]).clear).toBe(false)
  })

  it('counts an oil in two layers once among the unchecked, with its whole share', () => {
    const report = checkSafety('leave-on', [vetiver(0.3), vetiver(0.2)])
    expect(report.unchecked).toHaveLength(1)
    expect(report.unchecked[0]!.productPercentage).toBeCloseTo(0.5)
  })

  it('adds the children, pregnancy and oxidation cautions of the oils in a leave-on blend, as notes', () => {
    const tea: SafetyOil = {
      name: 'Tea Tree',
      productPercentage: 0.5,
      safety: { ...NONE, oxidation: { text: 'Keep it refrigerated.', source: 'Tisserand Institute [TI-3]' } },
    }
    const report = checkSafety('leave-on', [lemongrass(0.5), tea])
    expect(report.cautions.map((c) => [c.oil, c.kind])).toEqual([
      ['Lemongrass', 'children'],
      ['Lemongrass', 'pregnancy'],
      ['Tea Tree', 'oxidation'],
    ])
    expect(report.cautions[2]!.message).toBe('Keep it refrigerated. (Tisserand Institute [TI-3])')
    // Cautions inform: Lemongrass under its maximum still leaves only Tea Tree unchecked, no warning.
    expect(report.warnings).toEqual([])
  })

  it.each(['rinse-off', 'home'] as const)('checks nothing for %s products, so never calls them clear', (use) => {
    const report = checkSafety(use, [lemongrass(3), vetiver(3)])
    expect(report).toMatchObject({ warnings: [], unchecked: [], cautions: [], clear: false })
  })

  it('never reports a leave-on blend holding an oil without a maximum as clear (property)', () => {
    const fact = fc.record({
      maxLeaveOnPercent: fc.option(fc.double({ min: 0.01, max: 20, noNaN: true }), { nil: null }),
      phototoxic: fc.option(fc.boolean(), { nil: null }),
    })
    const oil = fc.record({
      name: fc.constantFrom('Bergamot', 'Vetiver', 'Lemongrass', 'Rose', 'Clove Bud', 'Tea Tree'),
      productPercentage: fc.double({ min: 0, max: 10, noNaN: true }),
      safety: fc.option(
        fact.map((f): SafetyFacts => ({ ...NONE, ...f, source: 'S' })),
        { nil: null },
      ),
    })
    fc.assert(
      fc.property(fc.array(oil, { minLength: 1, maxLength: 8 }), (oils) => {
        // The facts of a name are the catalog's: one set per oil, as the calculator passes them.
        const factsOf = new Map(oils.map((o) => [o.name, o.safety]))
        const blend = oils.map((o) => ({ ...o, safety: factsOf.get(o.name) ?? null }))
        const report = checkSafety('leave-on', blend)
        const withoutMaximum = [...factsOf].filter(([, f]) => f?.maxLeaveOnPercent == null).map(([name]) => name)
        for (const name of withoutMaximum) expect(report.unchecked.map((u) => u.oil)).toContain(name)
        if (withoutMaximum.length > 0) expect(report.clear).toBe(false)
        if (report.clear) expect(report.warnings).toEqual([])
      }),
      { seed: 31, numRuns: 500 },
    )
  })
})
