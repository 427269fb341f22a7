import { formatPercent } from '#shared/domain/units.ts'
import type { AudienceReport } from '#shared/domain/audience-ids.ts'

/**
 * Product types and the skin-safety checks that go with them. Leave-on skin products get both the
 * leave-on maxima and the phototoxicity flag; rinse-off products get neither (IFRA notes no
 * phototoxicity restriction for them); home fragrance does not touch skin. Warnings inform, they
 * never block the calculation.
 */

export type ProductUse = 'leave-on' | 'rinse-off' | 'home'

export interface ProductType {
  id: string
  label: string
  use: ProductUse
  /** The typical rate as usage guides print it (docs/product.md §9). */
  typicalRate: string
  /** The percentage the calculator fills in when this type is chosen. */
  defaultPercentage: number
  /** Why that default, where the typical rate is not a percentage. */
  defaultNote?: string
}

export const PRODUCT_TYPES: readonly ProductType[] = [
  {
    id: 'diffuser',
    label: 'Diffuser',
    use: 'home',
    typicalRate: '5-8 drops',
    defaultPercentage: 0.3,
    defaultNote: 'About 6 drops in a 100 mL water reservoir.',
  },
  {
    id: 'bath-salts',
    label: 'Bath salts',
    use: 'rinse-off',
    typicalRate: '10-15 drops per cup',
    defaultPercentage: 0.25,
    defaultNote: 'About 12 drops in a cup (roughly 270 g) of salt.',
  },
  { id: 'lotion', label: 'Lotion / cream', use: 'leave-on', typicalRate: '0.5-2%', defaultPercentage: 1 },
  { id: 'leave-on', label: 'Other leave-on skin product', use: 'leave-on', typicalRate: '1-3%', defaultPercentage: 2 },
  { id: 'cold-process-soap', label: 'Cold process soap', use: 'rinse-off', typicalRate: '1-3%', defaultPercentage: 2 },
  { id: 'melt-and-pour-soap', label: 'Melt and pour soap', use: 'rinse-off', typicalRate: '2-4%', defaultPercentage: 3 },
  { id: 'rinse-off', label: 'Other rinse-off product', use: 'rinse-off', typicalRate: '0.5-2%', defaultPercentage: 1 },
  { id: 'room-spray', label: 'Room spray', use: 'home', typicalRate: '1-3%', defaultPercentage: 2 },
  { id: 'bath-bombs', label: 'Bath bombs', use: 'rinse-off', typicalRate: '3-5%', defaultPercentage: 4 },
  { id: 'wax-melts', label: 'Wax melts', use: 'home', typicalRate: '6-10%', defaultPercentage: 8 },
  { id: 'candles', label: 'Candles', use: 'home', typicalRate: '6-10%', defaultPercentage: 8 },
  /**
   * A blend made neat, to be weighed later as one line of another blend (decision 074). It goes on no
   * skin as it is, so no skin maximum applies to the concentrate itself: the blend it goes into is
   * checked on its flattened composition.
   */
  {
    id: 'neat-accord',
    label: 'Neat blend (to use as an accord)',
    use: 'home',
    typicalRate: '100%',
    defaultPercentage: 100,
    defaultNote: 'Made neat, to be weighed as one line of another blend.',
  },
]

/** The usage guide of docs/product.md §9, word for word. */
export const USAGE_GUIDE: readonly { label: string; rate: string }[] = [
  { label: 'Diffuser', rate: '5-8 drops' },
  { label: 'Bath salts', rate: '10-15 drops per cup' },
  { label: 'Lotion/cream', rate: '0.5-2%' },
  { label: 'Cold process soap', rate: '1-3%' },
  { label: 'Melt and pour soap', rate: '2-4%' },
  { label: 'Room spray', rate: '1-3%' },
  { label: 'Bath bombs', rate: '3-5%' },
  { label: 'Wax melts', rate: '6-10%' },
  { label: 'Candles', rate: '6-10%' },
]

/** What an allergen label is computed for: a cosmetic's use. */
export type LabelUse = 'leave-on' | 'rinse-off'

/**
 * The use an EU allergen label is computed for; null for home products, which are not cosmetics
 * (docs/product.md "Allergen labels"). Here, beside the product types, so a screen can ask it
 * without loading the allergen data.
 */
export function labelUse(type: Pick<ProductType, 'use'>): LabelUse | null {
  return type.use === 'home' ? null : type.use
}

export function productTypeById(id: string): ProductType | undefined {
  return PRODUCT_TYPES.find((type) => type.id === id)
}

/** A caution a published source gives for one oil (children, pregnancy, oxidation), naming that source. */
export interface SafetyCaution {
  text: string
  source: string
}

/**
 * What the published sources say about one oil on skin (docs/product.md "Skin safety facts"). A
 * null is "nothing on file", never "safe": no maximum on file means the oil cannot be checked.
 */
export interface SafetyFacts {
  /** The leave-on maximum in percent of the finished product; null when no published maximum is on file. */
  maxLeaveOnPercent: number | null
  /** The form or chemotype the maximum is for and why; with no maximum, what the sources say instead. */
  maximumNote: string | null
  /** Phototoxic (true), named as not phototoxic (false), or on none of the phototoxicity lists read (null). */
  phototoxic: boolean | null
  /** The source of the maximum and the phototoxicity finding; null when no source read gives either. */
  source: string | null
  oxidation: SafetyCaution | null
  children: SafetyCaution | null
  pregnancy: SafetyCaution | null
}

/** An oil of which the sources read say nothing on skin safety: every fact null (never "safe"). */
export const NOTHING_ON_FILE: SafetyFacts = {
  maxLeaveOnPercent: null,
  maximumNote: null,
  phototoxic: null,
  source: null,
  oxidation: null,
  children: null,
  pregnancy: null,
}

/** The words for an oil with no maximum on file, wherever safety facts are shown. */
export const NO_MAXIMUM_ON_FILE = 'No published maximum on file'

export interface SafetyOil {
  name: string
  /** The oil's share of the finished product, in percent. */
  productPercentage: number
  /** Null: nothing on file for this oil (it is reported as not checked). */
  safety: SafetyFacts | null
  /** The catalog oil a maker's own ingredient is based on (its name): its audience rules apply too (decision 069). */
  basedOn?: string | null
}

/**
 * 'over-audience-total', 'avoid-for-audience' and 'audience-caution' come only from checkSafetyFor
 * with an audience other than adults (docs/product.md "Dilution by who will use it").
 */
export type SafetyWarningKind = 'over-limit' | 'phototoxic' | 'over-audience-total' | 'avoid-for-audience' | 'audience-caution'

export interface SafetyWarning {
  kind: SafetyWarningKind
  oil: string
  productPercentage: number
  limitPercent: number | null
  source: string
  message: string
}

/** An oil of a leave-on blend that could not be checked, because no published maximum is on file. */
export interface SafetyUnchecked {
  oil: string
  productPercentage: number
  message: string
}

export type SafetyCautionKind = 'children' | 'pregnancy' | 'oxidation'

/** An age, pregnancy or oxidation caution of an oil in the blend: information, never a block. */
export interface SafetyNote {
  kind: SafetyCautionKind
  oil: string
  text: string
  source: string
  message: string
}

export interface SafetyReport {
  use: ProductUse
  /** What the checks cover for this kind of product, in a sentence. */
  scope: string
  warnings: SafetyWarning[]
  /** Leave-on: every oil with no published maximum on file, each named. */
  unchecked: SafetyUnchecked[]
  /** Leave-on: the cautions for children, pregnancy and oxidation of the blend's oils. */
  cautions: SafetyNote[]
  /**
   * True only for a leave-on product whose every oil was checked and none flagged: the one case in
   * which "No safety warnings for this blend at this percentage." may be said (decision 048). For
   * an audience (checkSafetyFor), also only when the audience's total is on file and kept (decision 069).
   */
  clear: boolean
  /** Who the product is for, when checked by checkSafetyFor (src/shared/domain/audiences.ts). */
  audience?: AudienceReport
}

export const SAFETY_SCOPE: Readonly<Record<ProductUse, string>> = {
  'leave-on': 'Leave-on skin product: each oil is checked against its published leave-on maximum, and phototoxic oils are flagged.',
  'rinse-off':
    'Rinse-off product: leave-on maxima and phototoxicity warnings do not apply, because the product is washed off the skin (IFRA notes no phototoxicity restriction for rinse-off products).',
  home: 'Home fragrance: it is not meant for skin, so no skin limits apply.',
}

/** The green line, said only of a report whose `clear` is true. */
export const NO_WARNINGS = 'No safety warnings for this blend at this percentage.'

export const CAUTION_LABELS: Readonly<Record<SafetyCautionKind, string>> = {
  children: 'Children',
  pregnancy: 'Pregnancy',
  oxidation: 'Oxidation',
}

/** The same oil may sit in more than one layer; its share of the product is the sum. */
export function combineByName(oils: readonly SafetyOil[]): SafetyOil[] {
  const byName = new Map<string, SafetyOil>()
  for (const oil of oils) {
    const seen = byName.get(oil.name)
    byName.set(oil.name, seen ? { ...seen, productPercentage: seen.productPercentage + oil.productPercentage } : oil)
  }
  return [...byName.values()]
}

function limitText(limit: number | null): string {
  return limit === null ? 'no published leave-on maximum' : `leave-on maximum ${formatPercent(limit)}`
}

function leaveOnWarnings(oil: SafetyOil, safety: SafetyFacts): SafetyWarning[] {
  const warnings: SafetyWarning[] = []
  const share = formatPercent(oil.productPercentage)
  const source = safety.source ?? 'no source on file'
  const base = { oil: oil.name, productPercentage: oil.productPercentage, limitPercent: safety.maxLeaveOnPercent, source }
  if (safety.maxLeaveOnPercent !== null && oil.productPercentage > safety.maxLeaveOnPercent + 1e-9) {
    warnings.push({
      ...base,
      kind: 'over-limit',
      message: `${oil.name} is ${share} of the finished product, above its leave-on maximum of ${formatPercent(safety.maxLeaveOnPercent)} (${source}). Lower the oil percentage or the share of ${oil.name}.`,
    })
  }
  if (safety.phototoxic === true) {
    warnings.push({
      ...base,
      kind: 'phototoxic',
      message: `${oil.name} is phototoxic (${share} of the finished product; ${limitText(safety.maxLeaveOnPercent)}; ${source}). Keep skin it touches out of strong sun and UV for 12 hours, or choose a furocoumarin-free (FCF) or distilled oil.`,
    })
  }
  return warnings
}

/** The oil could not be checked: it says so by name, so no report is clear with it in. */
function uncheckedOf(oil: SafetyOil): SafetyUnchecked | null {
  if (oil.safety?.maxLeaveOnPercent != null) return null
  return {
    oil: oil.name,
    productPercentage: oil.productPercentage,
    message: `${NO_MAXIMUM_ON_FILE} for ${oil.name}, so its ${formatPercent(oil.productPercentage)} of the finished product could not be checked.`,
  }
}

function cautionsOf(oil: SafetyOil): SafetyNote[] {
  const safety = oil.safety
  if (!safety) return []
  return (['children', 'pregnancy', 'oxidation'] as const).flatMap((kind) => {
    const caution = safety[kind]
    return caution
      ? [{ kind, oil: oil.name, text: caution.text, source: caution.source, message: `${caution.text} (${caution.source})` }]
      : []
  })
}

export function checkSafety(use: ProductUse, oils: readonly SafetyOil[]): SafetyReport {
  // No skin check applies: the scope sentence says why, and nothing was checked to call clear.
  if (use !== 'leave-on') return { use, scope: SAFETY_SCOPE[use], warnings: [], unchecked: [], cautions: [], clear: false }
  const combined = combineByName(oils)
  const warnings = combined.flatMap((oil) => (oil.safety ? leaveOnWarnings(oil, oil.safety) : []))
  const unchecked = combined.flatMap((oil) => uncheckedOf(oil) ?? [])
  const cautions = combined.flatMap(cautionsOf)
  return { use, scope: SAFETY_SCOPE[use], warnings, unchecked, cautions, clear: warnings.length === 0 && unchecked.length === 0 }
}
