/**
 * The ids of who a product can be for (docs/product.md "Dilution by who will use it"), apart from
 * their figures in audiences.ts, so the API's schemas (and every screen that loads them) carry a
 * list of words, not the rules.
 */
export const AUDIENCE_IDS = [
  'adults',
  'child-premature',
  'child-under-3-months',
  'child-3-24-months',
  'child-2-6-years',
  'child-6-15-years',
  'child-15-plus-years',
  'pregnancy',
  'face',
] as const
export type AudienceId = (typeof AUDIENCE_IDS)[number]

export const DEFAULT_AUDIENCE: AudienceId = 'adults'

export function isAudienceId(id: string): id is AudienceId {
  return (AUDIENCE_IDS as readonly string[]).includes(id)
}

/** How the select and the panel name each (the children's bands as the source gives them). */
export const AUDIENCE_LABELS: Readonly<Record<AudienceId, string>> = {
  adults: 'Adults',
  'child-premature': 'Children: premature infants',
  'child-under-3-months': 'Children up to 3 months',
  'child-3-24-months': 'Children 3-24 months',
  'child-2-6-years': 'Children 2-6 years',
  'child-6-15-years': 'Children 6-15 years',
  'child-15-plus-years': 'Children 15 years and over',
  pregnancy: 'Pregnancy',
  face: 'The face (an adult facial product)',
}
