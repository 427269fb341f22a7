import { isWeightUnit, type WeightUnit } from '#shared/domain/units.ts'

/**
 * Where /label comes from, read from its address (docs/product.md "The allergen screens"): the
 * calculator's inputs (`?version=&type=&weight=&unit=&oil=`, and `&blend=` to name the blend), or a
 * recorded batch (`?blend=&batch=`). The calculator and the journal link here with these functions,
 * as features never import each other.
 */
export type LabelSource =
  | {
      mode: 'preview'
      blendId: number | null
      versionId: number
      productType: string
      weight: number
      unit: WeightUnit
      oilPercentage: number
    }
  | { mode: 'batch'; blendId: number; batchId: number }
  | { mode: 'invalid' }

const id = (text: string | null): number | null => (text !== null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null)
const amount = (text: string | null): number | null => {
  if (text === null || !/^\d+(?:\.\d+)?$/.test(text)) return null
  const value = Number(text)
  return value > 0 ? value : null
}

export function labelSourceOf(params: URLSearchParams): LabelSource {
  const blendId = id(params.get('blend'))
  const batchId = id(params.get('batch'))
  if (params.has('batch')) return blendId !== null && batchId !== null ? { mode: 'batch', blendId, batchId } : { mode: 'invalid' }
  const versionId = id(params.get('version'))
  const productType = params.get('type') ?? ''
  const weight = amount(params.get('weight'))
  const unit = params.get('unit') ?? 'g'
  const oilPercentage = amount(params.get('oil'))
  if (versionId === null || productType === '' || weight === null || !isWeightUnit(unit) || oilPercentage === null || oilPercentage > 100) {
    return { mode: 'invalid' }
  }
  return { mode: 'preview', blendId, versionId, productType, weight, unit, oilPercentage }
}

/** A calculated batch, as the calculator links to its label. */
export type LabelPreview = {
  blendId: number
  versionId: number
  productType: string
  weight: number
  unit: WeightUnit
  oilPercentage: number
}

/** The address of a calculated batch's label, as the calculator links to it. */
export function previewLabelPath(input: LabelPreview): string {
  const query = new URLSearchParams({
    blend: String(input.blendId),
    version: String(input.versionId),
    type: input.productType,
    weight: String(input.weight),
    unit: input.unit,
    oil: String(input.oilPercentage),
  })
  return `/label?${query.toString()}`
}

/**
 * What the calculator and /label say of home fragrance (docs/product.md "Home fragrance and CLP"):
 * not a cosmetic, so a CLP hazard label applies instead of the cosmetic allergen label.
 */
export const HOME_FRAGRANCE_TEXT =
  "Candles, wax melts, room sprays and diffusers aren't cosmetics: they need a CLP hazard label, not the cosmetic allergen label."
