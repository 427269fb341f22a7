import type { DeclarationBasis, FragranceAs, Label, LabelAllergen, LabelMissing, MissingReason } from '#shared/api/labels.ts'
import { LABEL_NOTICE } from '#shared/api/labels.ts'
import { allergenById, type AllergenEntry } from '#shared/domain/eu-allergens.ts'
import { labelUse, type LabelUse, type ProductType } from '#shared/domain/safety.ts'

/**
 * The allergen label of a batch (docs/product.md "Allergen labels"; decision 044), used by the
 * server and available to the client. Pure: it takes the batch's oils, what was drawn from which
 * bottle, and each bottle's declaration, and computes each allergen's concentration in the
 * finished product, which are declared, which are missing, and the ingredient list.
 */

/** Declared when the concentration exceeds this, in percent of the finished product. */
export const LEAVE_ON_THRESHOLD_PERCENT = 0.001
export const RINSE_OFF_THRESHOLD_PERCENT = 0.01

/**
 * "Exceeds" is strictly greater. Sums of products of decimals land a hair off exact values
 * (0.01 may come out as 0.010000000000000002), so a value within a billionth of the threshold
 * counts as equal to it, not over it.
 */
const EXCEEDS_TOLERANCE = 1e-9

export { labelUse, type LabelUse } from '#shared/domain/safety.ts'

export function thresholdFor(use: LabelUse): number {
  return use === 'leave-on' ? LEAVE_ON_THRESHOLD_PERCENT : RINSE_OFF_THRESHOLD_PERCENT
}

export function exceedsThreshold(percent: number, threshold: number): boolean {
  return percent > threshold * (1 + EXCEEDS_TOLERANCE)
}

/**
 * A declaration's percentage as % w/w. A w/v figure is grams per 100 mL of oil; 100 mL of the oil
 * weighs 100 x density grams, so % w/w = (g per 100 mL) / density.
 */
export function toWeightPercent(percent: number, basis: DeclarationBasis, densityGPerMl: number): number {
  return basis === 'w/w' ? percent : percent / densityGPerMl
}

export interface LabelDeclaration {
  basis: DeclarationBasis
  /**
   * `upTo`: the sheet gives at most this figure (a limit or a range's top, decision 049); the label
   * uses it as given, as the maker has entered no figure of the lot's own. An empty list is a
   * declaration that the oil holds no Annex III allergen: the bottle counts as declared.
   */
  items: readonly { entryId: string; percent: number; upTo?: true }[]
}

/** One oil of the batch, all its layers together. */
export interface LabelOil {
  oilId: number
  oilName: string
  /** The oil's EU INCI name. */
  inci: string
  /** The natural-extract entry of the annex that names this oil, if any. */
  annexEntryId: string | null
  densityGPerMl: number
  /** Grams of this oil in the batch. */
  grams: number
}

/**
 * What one bottle gave to the batch, or the part of an oil no bottle gave (`bottle: null`, with
 * the reason: the shelf did not hold it, or the bottle was deleted since).
 */
export interface LabelPortion {
  oilId: number
  grams: number
  bottle: { id: number; lotCode: string | null; supplier: string | null; declaration: LabelDeclaration | null } | null
  reason?: Exclude<MissingReason, 'no-declaration'>
}

export interface LabelInput {
  productType: Pick<ProductType, 'id' | 'label' | 'use'>
  productGrams: number
  oilPercentage: number
  fragranceAs: FragranceAs
  base: readonly { inci: string; percent: number }[]
  oils: readonly LabelOil[]
  portions: readonly LabelPortion[]
  computedAt: string
}

type Acc = { entry: AllergenEntry; inci: string; percent: number; fromRecipe: boolean; sources: LabelAllergen['sources'] }

const byPercent = <T extends { percent: number; name: string }>(a: T, b: T) => b.percent - a.percent || a.name.localeCompare(b.name, 'en')

/**
 * Each annex entry's concentration in the finished product, and what no declaration covers.
 * - A single substance: the sum over the bottles drawn of (grams from the bottle / product grams
 *   x its % w/w in that bottle's declaration).
 * - A natural-extract entry that names one of the oils: oil grams / product grams x 100, from the
 *   recipe alone (a bottle's declaration of that same entry is then not added again).
 * - A portion with no declaration is listed in `missing`, never read as zero.
 */
function concentrations(input: Pick<LabelInput, 'productGrams' | 'oils' | 'portions'>): { all: LabelAllergen[]; missing: LabelMissing[] } {
  const share = (grams: number) => (input.productGrams > 0 ? grams / input.productGrams : 0)
  const oilsById = new Map(input.oils.map((o) => [o.oilId, o]))
  const acc = new Map<string, Acc>()
  const add = (entry: AllergenEntry, inci: string, fromRecipe: boolean, percent: number, source: LabelAllergen['sources'][number]) => {
    if (!(percent > 0)) return
    const line = acc.get(entry.id) ?? { entry, inci, percent: 0, fromRecipe, sources: [] }
    line.percent += percent
    line.sources.push(source)
    if (line.inci !== inci) line.inci = entry.inci
    acc.set(entry.id, line)
  }

  // Whole oils named by the annex: from the recipe.
  for (const oil of input.oils) {
    const entry = oil.annexEntryId === null ? undefined : allergenById(oil.annexEntryId)
    if (!entry) continue
    const inci = entry.inciNames.includes(oil.inci) ? oil.inci : entry.inci
    const percent = share(oil.grams) * 100
    add(entry, inci, true, percent, { oilId: oil.oilId, oilName: oil.oilName, bottleId: null, lotCode: null, percent })
  }

  // Substances: from each bottle's declaration, for the grams drawn from it.
  const missing: LabelMissing[] = []
  for (const portion of input.portions) {
    if (!(portion.grams > 0)) continue
    const oil = oilsById.get(portion.oilId)
    const oilName = oil?.oilName ?? ''
    const declaration = portion.bottle?.declaration ?? null
    if (portion.bottle === null || declaration === null) {
      missing.push({
        oilId: portion.oilId,
        oilName,
        bottleId: portion.bottle?.id ?? null,
        lotCode: portion.bottle?.lotCode ?? null,
        supplier: portion.bottle?.supplier ?? null,
        grams: portion.grams,
        reason: portion.bottle === null ? (portion.reason ?? 'not-on-shelf') : 'no-declaration',
      })
      continue
    }
    for (const item of declaration.items) {
      const entry = allergenById(item.entryId)
      if (!entry) continue
      // The oil itself is this entry: counted from the recipe already.
      if (oil?.annexEntryId === entry.id) continue
      const percent = share(portion.grams) * toWeightPercent(item.percent, declaration.basis, oil?.densityGPerMl ?? 1)
      add(entry, entry.inci, false, percent, {
        oilId: portion.oilId,
        oilName,
        bottleId: portion.bottle.id,
        lotCode: portion.bottle.lotCode,
        percent,
      })
    }
  }
  const all: LabelAllergen[] = [...acc.values()].map((a) => ({
    entryId: a.entry.id,
    name: a.entry.name,
    inci: a.inci,
    cas: a.entry.cas,
    percent: a.percent,
    fromRecipe: a.fromRecipe,
    sources: a.sources.sort((x, y) => y.percent - x.percent),
  }))
  return { all, missing }
}

/**
 * The label. Throws for a home product (the caller refuses those first: they are not cosmetics).
 * The concentrations are those of `concentrations`; `complete` is false when a portion had no
 * declaration.
 */
export function computeLabel(input: LabelInput): Label {
  const use = labelUse(input.productType)
  if (use === null) throw new Error(`${input.productType.id} is not a cosmetic product`)
  const threshold = thresholdFor(use)
  const { all, missing } = concentrations(input)
  const declared = all.filter((a) => exceedsThreshold(a.percent, threshold)).sort(byPercent)
  const belowThreshold = all.filter((a) => !exceedsThreshold(a.percent, threshold)).sort(byPercent)

  const ingredients = ingredientList(input, declared)
  return {
    productType: input.productType.id,
    productLabel: input.productType.label,
    use,
    thresholdPercent: threshold,
    productGrams: input.productGrams,
    oilPercentage: input.oilPercentage,
    fragranceAs: input.fragranceAs,
    complete: missing.length === 0,
    declared,
    belowThreshold,
    missing,
    ingredients,
    ingredientText: ingredients.map((i) => i.name).join(', '),
    notice: LABEL_NOTICE,
    computedAt: input.computedAt,
  }
}

/**
 * The ingredient list: the base's ingredients and the fragrance (each oil by INCI name, or one
 * "Parfum" line), in descending order of weight (those under 1 % too, though the rule lets them
 * follow in any order), then the declared allergens by INCI name, highest first. An allergen whose
 * INCI name the list already has (a whole oil named by the annex) is not written twice.
 */
export function ingredientList(
  input: Pick<LabelInput, 'fragranceAs' | 'base' | 'oils' | 'productGrams'>,
  declared: readonly Pick<LabelAllergen, 'inci' | 'percent'>[],
): Label['ingredients'] {
  const share = (grams: number) => (input.productGrams > 0 ? (grams / input.productGrams) * 100 : 0)
  const merged = new Map<string, { name: string; percent: number; kind: 'base' | 'fragrance' }>()
  const put = (name: string, percent: number, kind: 'base' | 'fragrance') => {
    const key = `${kind}:${name.toLowerCase()}`
    const line = merged.get(key)
    if (line) line.percent += percent
    else merged.set(key, { name, percent, kind })
  }
  for (const b of input.base) put(b.inci.trim(), b.percent, 'base')
  if (input.fragranceAs === 'parfum') {
    const total = input.oils.reduce((sum, o) => sum + share(o.grams), 0)
    if (total > 0) put('Parfum', total, 'fragrance')
  } else {
    for (const o of input.oils) if (o.grams > 0) put(o.inci, share(o.grams), 'fragrance')
  }
  const listed = [...merged.values()].sort(byPercent)
  const names = new Set(listed.map((i) => i.name.toLowerCase()))
  const allergens: Label['ingredients'] = []
  for (const a of [...declared].sort((x, y) => y.percent - x.percent)) {
    if (names.has(a.inci.toLowerCase())) continue
    names.add(a.inci.toLowerCase())
    allergens.push({ name: a.inci, percent: a.percent, kind: 'allergen' })
  }
  return [...listed, ...allergens]
}

/**
 * Home fragrance (candles, wax melts, room sprays, diffusers) is not a cosmetic: CLP (Regulation
 * (EC) No 1272/2008) applies instead. Annex II, 2.8 asks for EUH208 "Contains (name). May produce
 * an allergic reaction." when a skin sensitiser is present at 0.1 % or more of the mixture (a
 * tenth of the generic 1 % limit); at 1 % or more of a category 1 or 1B sensitiser the mixture is
 * itself classified H317 (Annex I, 3.4.3.3.1), pictogram and signal word included. Accord lists
 * the Annex III allergens the declarations and the recipe put at those levels; it does not
 * classify the product (docs/product.md "Home fragrance and CLP").
 */
export const CLP_CONTAINS_PERCENT = 0.1
export const CLP_SENSITISER_PERCENT = 1

export interface ClpAllergens {
  /** At or above 0.1 %: named in a "Contains ..." line. Highest first. */
  contains: LabelAllergen[]
  /** Of those, at or above 1 %. */
  overOnePercent: LabelAllergen[]
  missing: LabelMissing[]
  complete: boolean
  /** "Contains Linalool, Limonene. May produce an allergic reaction.", or null when none is named. */
  containsText: string | null
}

const atLeast = (percent: number, limit: number) => percent >= limit * (1 - EXCEEDS_TOLERANCE)

/** The declared allergens a home product's CLP label would name, from the same concentrations as a cosmetic label. */
export function clpAllergens(input: Pick<LabelInput, 'productGrams' | 'oils' | 'portions'>): ClpAllergens {
  const { all, missing } = concentrations(input)
  const contains = all.filter((a) => atLeast(a.percent, CLP_CONTAINS_PERCENT)).sort(byPercent)
  return {
    contains,
    overOnePercent: contains.filter((a) => atLeast(a.percent, CLP_SENSITISER_PERCENT)),
    missing,
    complete: missing.length === 0,
    containsText: contains.length === 0 ? null : `Contains ${contains.map((a) => a.inci).join(', ')}. May produce an allergic reaction.`,
  }
}
