import { describe, expect, it } from 'vitest'
import { checkSafety, PRODUCT_TYPES, productTypeById, USAGE_GUIDE, type SafetyOil } from '#shared/domain/safety.ts'

const SOURCE = 'Tisserand & Young 2014, Essential Oil Safety (2nd ed.)'
const bergamot = (productPercentage: number): SafetyOil => ({
  name: 'Bergamot',
  productPercentage,
  safety: { maxLeaveOnPercent: 0.4, phototoxic: true, source: SOURCE },
})
const lavender: SafetyOil = { name: 'Lavender', productPercentage: 1, safety: null }
const clove = (productPercentage: number): SafetyOil => ({
  name: 'Clove Bud',
  productPercentage,
  safety: { maxLeaveOnPercent: 0.5, phototoxic: false, source: 'Tisserand Institute' },
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
    expect(checked).toEqual(['lotion', 'leave-on', 'cold-process-soap', 'melt-and-pour-soap', 'rinse-off', 'room-spray', 'bath-bombs', 'wax-melts', 'candles'])
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

  it('ignores oils without published facts', () => {
    expect(checkSafety('leave-on', [lavender]).warnings).toEqual([])
  })
})
