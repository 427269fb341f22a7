/**
 * The parts of an assessor pack's variant that its content and PDF tests share: a 100 g lotion's
 * label, an IFRA check whose oils have no certificate on file, and skin checks that found nothing.
 */
import { PACK_NOTICE, type AssessorPack, type PackVariant } from '#shared/api/assessor-pack.ts'
import { SAFETY_SCOPE } from '#shared/domain/safety.ts'

/** A 100 g leave-on lotion's label at 2 %, its fragrance by INCI name; `fields` say what it declares. */
export const lotionLabel = (fields: Partial<PackVariant['label']> = {}): PackVariant['label'] => ({
  productType: 'lotion',
  productLabel: 'Lotion / cream',
  use: 'leave-on',
  thresholdPercent: 0.001,
  productGrams: 100,
  oilPercentage: 2,
  fragranceAs: 'inci',
  complete: true,
  declared: [],
  belowThreshold: [],
  missing: [],
  ingredients: [],
  ingredientText: 'Lavandula Angustifolia Oil',
  notice: '',
  computedAt: '2026-11-28T00:00:00.000Z',
  ...fields,
})

/** A lotion's IFRA check (category 5A, 2 %) with no maximum known for `oils`. */
export const unknownIfra = (oils: PackVariant['ifra']['oils'] = []): PackVariant['ifra'] => ({
  productType: 'lotion',
  category: '5A',
  categoryName: 'Body lotion',
  oilPercentage: 2,
  maxBlendPercent: null,
  limitingOil: null,
  complete: false,
  status: 'unknown',
  oils,
  amendments: [],
  notice: '',
  checkedAt: '2026-11-28T00:00:00.000Z',
})

/** A leave-on product's skin checks with nothing found: no warning, no unchecked oil, no caution. */
export const clearSafety = (): PackVariant['safety'] => ({
  scope: SAFETY_SCOPE['leave-on'],
  clear: true,
  warnings: [],
  unchecked: [],
  cautions: [],
  warningDetails: [],
  uncheckedDetails: [],
  cautionDetails: [],
})

/** A pack of `variants` of a 2 % lotion for adults, with `fields` (the responsible person) over it. */
export const lotionPack = (variants: PackVariant[], fields: Partial<AssessorPack> = {}): AssessorPack => ({
  productType: 'lotion',
  productLabel: 'Lotion / cream',
  use: 'leave-on',
  oilPercentage: 2,
  audience: 'adults',
  audienceLabel: 'Adults',
  thresholdPercent: 0.001,
  responsibleName: null,
  responsibleAddress: null,
  variants,
  notice: PACK_NOTICE,
  generatedAt: '2026-11-28T03:00:00.000Z',
  ...fields,
})
