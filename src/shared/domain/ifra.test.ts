import { describe, expect, it } from 'vitest'
import { checkIfra, ifraCategoryOf, ifraOilLimits, IFRA_CATEGORIES, PRODUCT_IFRA_CATEGORY, type IfraOilInput } from '#shared/domain/ifra.ts'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'

const cert = (limits: Record<string, number | 'no-restriction'>, amendment = '51st') => ({
  amendment,
  issuedOn: '2026-03-14',
  limits: Object.entries(limits).map(([category, limit]) => ({ category: category as '5A', limit })),
})

const lavender = (certificate: ReturnType<typeof cert> | null, blendPercent = 60): IfraOilInput => ({
  oilId: 1,
  oilName: 'Lavender',
  blendPercent,
  lots: [{ bottleId: 10, lotCode: 'LAV-1', ml: 3, certificate }],
  shortMl: 0,
})
const bergamot = (certificate: ReturnType<typeof cert> | null, blendPercent = 40): IfraOilInput => ({
  oilId: 2,
  oilName: 'Bergamot',
  blendPercent,
  lots: [{ bottleId: 20, lotCode: 'BER-1', ml: 2, certificate }],
  shortMl: 0,
})

describe('the product type → IFRA category mapping', () => {
  it('maps every product type of the usage guide, and no type to a category IFRA lacks', () => {
    for (const type of PRODUCT_TYPES) expect(type.id in PRODUCT_IFRA_CATEGORY).toBe(true)
    for (const category of Object.values(PRODUCT_IFRA_CATEGORY)) if (category) expect(IFRA_CATEGORIES).toContain(category)
    expect(ifraCategoryOf('lotion')).toBe('5A')
    expect(ifraCategoryOf('candles')).toBe('12')
    expect(ifraCategoryOf('room-spray')).toBe('10B')
    expect(ifraCategoryOf('cold-process-soap')).toBe('9')
    // "Other" types span several categories: none is guessed.
    expect(ifraCategoryOf('leave-on')).toBeNull()
    expect(ifraCategoryOf('no-such-type')).toBeNull()
  })
})

describe('checkIfra', () => {
  it('names the maximum % of the blend and the limiting oil: the smallest limit ÷ share', () => {
    // Lavender 0.61 % ÷ 0.6 = 1.0166 %; Bergamot 0.3 % ÷ 0.4 = 0.75 %: Bergamot limits.
    const check = checkIfra('5A', 0.5, [lavender(cert({ '5A': 0.61 })), bergamot(cert({ '5A': 0.3 }))])
    expect(check.maxBlendPercent).toBe(0.75)
    expect(check.limitingOil).toMatchObject({ oilId: 2, oilName: 'Bergamot', limit: 0.3 })
    expect(check.status).toBe('within')
    expect(check.complete).toBe(true)
    expect(check.amendments).toEqual(['51st'])
    expect(check.categoryName).toMatch(/Body lotion/)
  })

  it('flags a batch over the maximum', () => {
    const check = checkIfra('5A', 1, [lavender(cert({ '5A': 0.61 })), bergamot(cert({ '5A': 0.3 }))])
    expect(check.status).toBe('over')
  })

  it('reads a bottle without a certificate as unknown, never as unrestricted', () => {
    const check = checkIfra('5A', 0.5, [lavender(cert({ '5A': 0.61 })), bergamot(null)])
    expect(check.status).toBe('unknown')
    expect(check.complete).toBe(false)
    expect(check.oils[1]).toMatchObject({ maxProductPercent: 'unknown', reasons: ['no-certificate'] })
    // The known oil still bounds the blend, as an upper bound.
    expect(check.maxBlendPercent).toBe(1.0166)
    // Over the known oil's maximum is over, whatever the unknown oil's limit.
    expect(checkIfra('5A', 2, [lavender(cert({ '5A': 0.61 })), bergamot(null)]).status).toBe('over')
  })

  it('reads a category the certificate does not list, and an oil no bottle gives, as unknown', () => {
    const limits = ifraOilLimits('9', [
      lavender(cert({ '5A': 0.61 })),
      { oilId: 3, oilName: 'Cedarwood', blendPercent: 10, lots: [], shortMl: 1 },
    ])
    expect(limits[0]).toMatchObject({ maxProductPercent: 'unknown', reasons: ['category-not-on-certificate'] })
    expect(limits[1]).toMatchObject({ maxProductPercent: 'unknown', reasons: ['not-on-shelf'] })
  })

  it('takes the strictest of the lots a batch draws, each with its certificate', () => {
    const two: IfraOilInput = {
      ...lavender(null),
      lots: [
        { bottleId: 10, lotCode: 'LAV-1', ml: 1, certificate: cert({ '5A': 0.61 }) },
        { bottleId: 11, lotCode: 'LAV-2', ml: 2, certificate: cert({ '5A': 0.4 }, '50th') },
      ],
    }
    const [limit] = ifraOilLimits('5A', [two])
    expect(limit!.maxProductPercent).toBe(0.4)
    expect(limit!.lots.map((l) => [l.lotCode, l.amendment, l.limit])).toEqual([
      ['LAV-1', '51st', 0.61],
      ['LAV-2', '50th', 0.4],
    ])
  })

  it('checks home products too, and says when every oil is unrestricted', () => {
    const check = checkIfra('12', 10, [lavender(cert({ '12': 'no-restriction' })), bergamot(cert({ '12': 'no-restriction' }))])
    expect(check.status).toBe('within')
    expect(check.maxBlendPercent).toBeNull()
    expect(check.limitingOil).toBeNull()
  })

  it('has nothing to check without a category', () => {
    expect(checkIfra(null, 1, [lavender(cert({ '5A': 0.61 }))]).status).toBe('no-category')
  })

  it('never shows a maximum above the true one', () => {
    // 0.3 ÷ 0.7 = 0.428571...: shown as 0.4285, not 0.4286.
    expect(checkIfra('5A', 0.1, [bergamot(cert({ '5A': 0.3 }), 70)]).maxBlendPercent).toBe(0.4285)
  })
})
