/**
 * The ids of who a product can be for (docs/product.md "Dilution by who will use it"), and the
 * shapes of what the checks answer, apart from their rules in audiences.ts: the API's schemas (and
 * every screen that loads them) carry a list of words, not the rules, and safety.ts names the
 * report's shape without importing the module that builds on it.
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

/** Why an oil's maximum is what it is for an audience. */
export type MaximumBasis = 'oil' | 'audience-total' | 'avoid'

/**
 * One oil's effective maximum in the finished product for a product type and an audience: the
 * lowest of its own leave-on maximum, the audience's total and an "avoid" (0), with why and the
 * source. The compliance solver reads this; it never raises a figure and never invents one.
 */
export interface EffectiveMaximum {
  oil: string
  /** In percent of the finished product; null when nothing on file bounds the oil for this use. */
  maxPercent: number | null
  basis: MaximumBasis | null
  /** The oil's own leave-on maximum (null: none on file). */
  oilMaxPercent: number | null
  /** True when the audience set a lower bound than the oil's own maximum (or the first bound of an oil with none). */
  lowered: boolean
  reason: string
  source: string | null
  /** False when no maximum of the oil itself is on file: the oil stays "not checked" even if a total bounds it. */
  oilMaximumOnFile: boolean
}

/** What an audience changed: its total, and each oil's maximum for it with the reason. */
export interface AudienceReport {
  id: AudienceId
  label: string
  /** The audience's total, said in a sentence with its source ("Children 2-6 years: at most 2% ..."). */
  totalText: string
  /** The total essential oil allowed, in percent of the product; null when no figure is on file. */
  totalPercent: number | null
  /** Set when the audience has no total on file: the blend's total could not be checked. */
  totalUnchecked: string | null
  /** Each oil's effective maximum for this product use and audience (leave-on only; else empty). */
  maxima: EffectiveMaximum[]
}
