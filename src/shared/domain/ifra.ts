import type { ProductType } from '#shared/domain/safety.ts'

/**
 * IFRA from the maker's certificates (docs/product.md "IFRA certificates"; decision 070). Accord
 * ships none of IFRA's data: every limit here comes from a certificate the maker entered for a
 * bottle (a lot). This module holds the IFRA categories as certificates print them, the product
 * type → category mapping, and the check of a blend at a product percentage, pure so that the
 * calculator, "Mark as made", the label and the "make it compliant" solver read the same limits.
 */

/** The IFRA product categories of the 49th amendment onwards (the 51st keeps them), in certificate order. */
export const IFRA_CATEGORIES = [
  '1',
  '2',
  '3',
  '4',
  '5A',
  '5B',
  '5C',
  '5D',
  '6',
  '7A',
  '7B',
  '8',
  '9',
  '10A',
  '10B',
  '11A',
  '11B',
  '12',
] as const
export type IfraCategory = (typeof IFRA_CATEGORIES)[number]

/** Each category's name as IFRA's "Guidance for the use of IFRA Standards" gives it (docs/product.md "IFRA categories"). */
export const IFRA_CATEGORY_NAMES: Readonly<Record<IfraCategory, string>> = {
  '1': 'Products applied to the lips',
  '2': 'Products applied to the axillae',
  '3': 'Products applied to the face/body using fingertips',
  '4': 'Products related to fine fragrance',
  '5A': 'Body lotion products applied to the body using the hands (palms), primarily leave-on',
  '5B': 'Face moisturizer products applied to the face using the hands (palms), primarily leave-on',
  '5C': 'Hand cream products applied to the hands using the hands (palms), primarily leave-on',
  '5D': 'Baby creams, baby oils and baby talc',
  '6': 'Products with oral and lip exposure',
  '7A': 'Rinse-off products applied to the hair with some hand contact',
  '7B': 'Leave-on products applied to the hair with some hand contact',
  '8': 'Products with significant anogenital exposure',
  '9': 'Products with body and hand exposure, primarily rinse off',
  '10A': 'Household care excluding aerosol products',
  '10B': 'Household aerosol/spray products',
  '11A': 'Products with intended skin contact but minimal transfer of fragrance to skin from inert substrate without UV exposure',
  '11B': 'Products with intended skin contact but minimal transfer of fragrance to skin from inert substrate with potential UV exposure',
  '12': 'Products not intended for direct skin contact, minimal or insignificant transfer to skin',
}

/**
 * The IFRA category of each product type of the usage guide (docs/product.md "IFRA categories").
 * The two "other" types cover products of several categories (a lip balm is 1, a hand cream 5C,
 * a shampoo 7A), so they map to none: their check asks for the category instead of guessing one.
 */
export const PRODUCT_IFRA_CATEGORY: Readonly<Record<string, IfraCategory | null>> = {
  diffuser: '12',
  'bath-salts': '9',
  lotion: '5A',
  'leave-on': null,
  'cold-process-soap': '9',
  'melt-and-pour-soap': '9',
  'rinse-off': null,
  'room-spray': '10B',
  'bath-bombs': '9',
  'wax-melts': '12',
  candles: '12',
  // A neat blend to use as an accord is no finished product: the blend it goes into is checked (decision 074).
  'neat-accord': null,
}

/** The product type's IFRA category; null when it maps to none (or is not a type of the guide). */
export function ifraCategoryOf(type: Pick<ProductType, 'id'> | string): IfraCategory | null {
  return PRODUCT_IFRA_CATEGORY[typeof type === 'string' ? type : type.id] ?? null
}

export function isIfraCategory(value: string): value is IfraCategory {
  return (IFRA_CATEGORIES as readonly string[]).includes(value)
}

/** A category's limit on a certificate: the maximum % of the oil in the finished product, or no restriction. */
export type IfraLimit = number | 'no-restriction'

export interface IfraCertificateLimit {
  category: IfraCategory
  limit: IfraLimit
}

/** A bottle's certificate as the check reads it. */
export interface IfraCertificateFacts {
  amendment: string
  issuedOn: string | null
  limits: readonly IfraCertificateLimit[]
}

/** One lot a batch draws an oil from, with its certificate (null: the bottle has none). */
export interface IfraLot {
  bottleId: number
  lotCode: string | null
  /** How much of the oil this lot gives, in mL (only its share of the oil matters). */
  ml: number
  certificate: IfraCertificateFacts | null
}

/** One oil of the blend: its share of the blend (flattened) and the lots it would be drawn from. */
export interface IfraOilInput {
  oilId: number
  oilName: string
  /** Percent of the blend (the essential oils), 0-100. */
  blendPercent: number
  lots: readonly IfraLot[]
  /** mL the shelf lacks: that part comes from no known lot. */
  shortMl: number
}

export type IfraUnknownReason = 'no-certificate' | 'category-not-on-certificate' | 'not-on-shelf'

/** A lot's certificate as used: what it says for the category. */
export interface IfraLotUsed {
  /** Null in a check imported from a file whose bottle is not in this account. */
  bottleId: number | null
  lotCode: string | null
  amendment: string | null
  issuedOn: string | null
  /** The certificate's limit for the category; null when the bottle has no certificate or it does not list the category. */
  limit: IfraLimit | null
}

/**
 * One oil's IFRA maximum in the finished product: the smallest limit of the lots the batch draws
 * (each lot's oil must stay within its own certificate, so the strictest holds), or 'unknown' with
 * why: a lot without a certificate, a certificate silent on the category, or oil no bottle gives.
 */
export type IfraOilLimit =
  | { oilId: number; oilName: string; blendPercent: number; maxProductPercent: IfraLimit; lots: IfraLotUsed[] }
  | {
      oilId: number
      oilName: string
      blendPercent: number
      maxProductPercent: 'unknown'
      reasons: IfraUnknownReason[]
      lots: IfraLotUsed[]
    }

/**
 * Each oil's IFRA maximum % in the finished product for the category, from the certificates of the
 * lots it is drawn from, or 'unknown'. The "make it compliant" solver takes these as its limits.
 */
export function ifraOilLimits(category: IfraCategory, oils: readonly IfraOilInput[]): IfraOilLimit[] {
  return oils.map((oil) => {
    const lots: IfraLotUsed[] = oil.lots.map((lot) => ({
      bottleId: lot.bottleId,
      lotCode: lot.lotCode,
      amendment: lot.certificate?.amendment ?? null,
      issuedOn: lot.certificate?.issuedOn ?? null,
      limit: lot.certificate?.limits.find((l) => l.category === category)?.limit ?? null,
    }))
    const reasons = new Set<IfraUnknownReason>()
    if (oil.lots.length === 0 || oil.shortMl > 0) reasons.add('not-on-shelf')
    oil.lots.forEach((lot, i) => {
      if (!lot.certificate) reasons.add('no-certificate')
      else if (lots[i]!.limit === null) reasons.add('category-not-on-certificate')
    })
    const base = { oilId: oil.oilId, oilName: oil.oilName, blendPercent: oil.blendPercent, lots }
    if (reasons.size > 0) return { ...base, maxProductPercent: 'unknown' as const, reasons: [...reasons] }
    const numeric = lots.map((l) => l.limit).filter((l): l is number => typeof l === 'number')
    return { ...base, maxProductPercent: numeric.length === 0 ? ('no-restriction' as const) : Math.min(...numeric) }
  })
}

export type IfraStatus = 'within' | 'over' | 'unknown' | 'no-category'

export interface IfraCheckResult {
  category: IfraCategory | null
  categoryName: string | null
  /** The chosen % of the blend in the product. */
  oilPercentage: number
  /**
   * The most % of the blend the product may hold: the smallest, over the oils with a known numeric
   * limit, of limit ÷ share of the blend. With unknown oils it is only an upper bound (complete is
   * false); null when no oil has a numeric limit.
   */
  maxBlendPercent: number | null
  limitingOil: { oilId: number; oilName: string; limit: number; blendPercent: number } | null
  /** Every oil's limit is known (no oil unknown). */
  complete: boolean
  status: IfraStatus
  oils: IfraOilLimit[]
  /** The amendments of the certificates used, as printed, each once. */
  amendments: string[]
}

/** Rounds a maximum down to 4 decimals so that a shown figure is never above the true one. */
const floor4 = (n: number) => Math.floor(n * 10_000 + 1e-9) / 10_000

/**
 * The IFRA check of a blend at `oilPercentage` % of a product of `category` (docs/product.md "The
 * IFRA check"): over when the chosen % is above the maximum; unknown when no oil is over yet some
 * oil's limit is not known (never read as unrestricted); within only when every oil is known.
 */
export function checkIfra(category: IfraCategory | null, oilPercentage: number, oils: readonly IfraOilInput[]): IfraCheckResult {
  if (category === null) {
    return {
      category: null,
      categoryName: null,
      oilPercentage,
      maxBlendPercent: null,
      limitingOil: null,
      complete: false,
      status: 'no-category',
      oils: [],
      amendments: [],
    }
  }
  const limits = ifraOilLimits(category, oils)
  let limiting: IfraCheckResult['limitingOil'] = null
  let max: number | null = null
  for (const oil of limits) {
    if (typeof oil.maxProductPercent !== 'number' || oil.blendPercent <= 0) continue
    const blendMax = oil.maxProductPercent / (oil.blendPercent / 100)
    if (max === null || blendMax < max) {
      max = blendMax
      limiting = { oilId: oil.oilId, oilName: oil.oilName, limit: oil.maxProductPercent, blendPercent: oil.blendPercent }
    }
  }
  const maxBlendPercent = max === null ? null : floor4(Math.min(max, 100))
  const complete = limits.every((l) => l.maxProductPercent !== 'unknown')
  const over = max !== null && oilPercentage > max + 1e-9
  const amendments = [...new Set(limits.flatMap((l) => l.lots.flatMap((lot) => (lot.amendment ? [lot.amendment] : []))))]
  return {
    category,
    categoryName: IFRA_CATEGORY_NAMES[category],
    oilPercentage,
    maxBlendPercent,
    limitingOil: limiting,
    complete,
    status: over ? 'over' : complete ? 'within' : 'unknown',
    oils: limits,
    amendments,
  }
}
