import type { ScentProfileParts } from '#shared/domain/blend-properties.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * The scent profile's sentence in the shown language (decision 107), each family by its shown name
 * (`family`, the vocabulary's): English word for word scentProfile's ("A Citrus top, a Floral heart
 * and a Woody base."), German "Kopfnote: Zitrus, Herznote: Blumig, Basisnote: Holzig.".
 */
export function scentProfileText(t: Translate, family: (family: string) => string, parts: ScentProfileParts | null): string | null {
  if (parts === null) return null
  if (parts.kind === 'one-family') return t('creator.summary.profileOne', { family: family(parts.family) })
  return t('creator.summary.profileLayers', { top: family(parts.top), heart: family(parts.heart), base: family(parts.base) })
}
