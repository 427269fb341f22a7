import type { IfraCheck } from '#shared/api/ifra.ts'

/**
 * An IFRA check over its maximum (category 5A, 1 % of the blend at most, Bergamot limiting it, and
 * Atlas Cedarwood's limit unknown), for the tests of the IFRA panels, whatever their language.
 */
export const ifraCheck = (overrides: Partial<IfraCheck> = {}): IfraCheck => ({
  productType: 'lotion',
  category: '5A',
  categoryName: 'Body lotion products applied to the body using the hands (palms), primarily leave-on',
  oilPercentage: 2,
  maxBlendPercent: 1,
  limitingOil: { oilId: 1, oilName: 'Bergamot', limit: 0.3, blendPercent: 30 },
  complete: false,
  status: 'over',
  oils: [
    {
      oilId: 1,
      oilName: 'Bergamot',
      blendPercent: 30,
      maxProductPercent: 0.3,
      lots: [{ bottleId: 1, lotCode: 'BER-7', amendment: '51st', issuedOn: '2026-01-09', limit: 0.3 }],
    },
    {
      oilId: 2,
      oilName: 'Atlas Cedarwood',
      blendPercent: 20,
      maxProductPercent: 'unknown',
      reasons: ['no-certificate'],
      lots: [{ bottleId: 3, lotCode: 'CED-3', amendment: null, issuedOn: null, limit: null }],
    },
  ],
  amendments: ['51st'],
  notice: 'n',
  checkedAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
})
