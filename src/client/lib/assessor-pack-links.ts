import { isAudienceId, DEFAULT_AUDIENCE, type AudienceId } from '#shared/domain/audience-ids.ts'
import { labelUse, productTypeById } from '#shared/domain/safety.ts'

/**
 * Where /assessor-pack starts from, read from its address (docs/product.md "The safety assessor
 * pack"): `?version=&type=&oil=&audience=`, each optional. The calculator and the journal link here
 * with assessorPackPath, as features never import each other.
 */
export interface PackStart {
  versionId: number | null
  productType: string
  oilPercentage: number | null
  audience: AudienceId
}

export function packStartOf(params: URLSearchParams): PackStart {
  const version = params.get('version') ?? ''
  const oil = params.get('oil') ?? ''
  const type = productTypeById(params.get('type') ?? '')
  const oilPercentage = /^\d+(?:\.\d+)?$/.test(oil) && Number(oil) > 0 && Number(oil) <= 100 ? Number(oil) : null
  const audience = params.get('audience') ?? ''
  return {
    versionId: /^[1-9]\d{0,15}$/.test(version) ? Number(version) : null,
    productType: type && labelUse(type) !== null ? type.id : '',
    oilPercentage,
    audience: isAudienceId(audience) ? audience : DEFAULT_AUDIENCE,
  }
}

/** The address of the pack's screen with a version (and the calculator's product) chosen. */
export function assessorPackPath(start: { versionId: number; productType?: string; oilPercentage?: number; audience?: string }): string {
  const query = new URLSearchParams({ version: String(start.versionId) })
  if (start.productType) query.set('type', start.productType)
  if (start.oilPercentage !== undefined) query.set('oil', String(Number(start.oilPercentage.toFixed(4))))
  if (start.audience) query.set('audience', start.audience)
  return `/assessor-pack?${query.toString()}`
}
