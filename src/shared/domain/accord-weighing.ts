/**
 * How an accord inside a blend is weighed (docs/product.md "Weighing an accord"; decision 074): as its
 * oils, each from its bottles (the default), or as one line from a neat batch of the accord already
 * made. Either way the safety flags, the allergen label and IFRA read the flattened composition; only
 * the rows the maker weighs, what is drawn, and the cost change.
 */
import type { OilLine } from '#shared/domain/accords.ts'
import { FALLBACK_DENSITY_G_PER_ML, type CalculatorOil } from '#shared/domain/calculator.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

export const ACCORD_WEIGHS = ['oils', 'batch'] as const
export type AccordWeigh = (typeof ACCORD_WEIGHS)[number]

/** The product type of a neat batch, made to be used as an accord (src/shared/domain/safety.ts PRODUCT_TYPES). */
export const NEAT_PRODUCT_TYPE = 'neat-accord'

/** Below this many grams a neat batch's shortfall is a rounding, not a lack. */
export const SHORTFALL_TOLERANCE_G = 0.001

/** An accord in a version as the weighing reads it (AccordUse of src/shared/api/blends.ts). */
export interface WeighableAccord {
  layer: 'top' | 'middle' | 'base'
  versionId: number
  name: string
  referenceNumber: string
  /** Its share of the whole blend, in percent. */
  percentage: number
  /** Its flattened oils, each its share of the accord. */
  oils: readonly OilLine[]
}

export interface WeighableVersion {
  topOils: readonly OilLine[]
  middleOils: readonly OilLine[]
  baseOils: readonly OilLine[]
  accords: readonly WeighableAccord[]
}

const LAYERS = [
  ['topOils', 'top', 'Top'],
  ['middleOils', 'middle', 'Middle'],
  ['baseOils', 'base', 'Base'],
] as const satisfies readonly (readonly [keyof WeighableVersion, WeighableAccord['layer'], NoteType])[]

/** An accord weighed as one line is a calculator row whose id is this (negative: never an oil's id). */
export const accordRowId = (versionId: number): number => -versionId
/** The accord version of a row, or null for an oil's row. */
export const accordOfRow = (rowId: number): number | null => (rowId < 0 ? -rowId : null)

/** "Citrus Dawn 001b". */
export const accordTitle = (accord: Pick<WeighableAccord, 'name' | 'referenceNumber'>): string => `${accord.name} ${accord.referenceNumber}`

/**
 * The accord's density: its weight over its oils' volumes added, that is the mean of its oils'
 * densities weighted by their weight shares, taken harmonically (100 / sum(share / density)), so an
 * accord weighed as one line takes exactly the millilitres its oils would. An oil of unknown density
 * counts at FALLBACK_DENSITY_G_PER_ML, as the calculator counts it.
 */
export function accordDensity(
  oils: readonly Pick<OilLine, 'id' | 'percentage'>[],
  densityOf: (oilId: number) => number | null | undefined,
): number {
  const total = oils.reduce((sum, o) => sum + o.percentage, 0)
  const volume = oils.reduce((sum, o) => sum + o.percentage / (densityOf(o.id) ?? FALLBACK_DENSITY_G_PER_ML), 0)
  return total > 0 && volume > 0 ? total / volume : FALLBACK_DENSITY_G_PER_ML
}

/**
 * The calculator's lines for a version when the accords of `asOneLine` (version ids) are weighed as
 * one line: each such accord's oils leave their layer (an oil also there on its own keeps its own
 * share), and the accord is one line at its percentage with accordDensity. With none weighed as one
 * line, this is the flattened composition.
 */
export function weighingLines(
  version: WeighableVersion,
  asOneLine: ReadonlySet<number>,
  densityOf: (oilId: number) => number | null | undefined,
): CalculatorOil[] {
  const lines: CalculatorOil[] = []
  for (const [key, layer, noteType] of LAYERS) {
    const oneLine = version.accords.filter((a) => a.layer === layer && asOneLine.has(a.versionId))
    for (const oil of version[key]) {
      const inAccords = oneLine.reduce((sum, a) => sum + (a.percentage * (a.oils.find((o) => o.id === oil.id)?.percentage ?? 0)) / 100, 0)
      const own = Math.round((oil.percentage - inAccords) * 1e6) / 1e6
      if (own > 0) lines.push({ id: oil.id, name: oil.name, layer: noteType, percentage: own, densityGPerMl: densityOf(oil.id) ?? null })
    }
    for (const a of oneLine)
      lines.push({
        id: accordRowId(a.versionId),
        name: accordTitle(a),
        layer: noteType,
        percentage: a.percentage,
        densityGPerMl: accordDensity(a.oils, densityOf),
      })
  }
  return lines
}

/** A neat batch of an accord with some left, as a draw reads it. */
export interface NeatBatch {
  id: number
  code: string
  madeOn: string
  /** Grams left. */
  remainingGrams: number
  /** Its recorded cost over its grams; null when its cost was not recorded in full. */
  costPerGram: number | null
}

/** A neat batch's cost per gram: its total cost over its grams of oil, when every oil of it was priced. */
export function neatCostPerGram(batch: { totalCost: number | null; costIsPartial: boolean; grams: number }): number | null {
  return batch.totalCost === null || batch.costIsPartial || !(batch.grams > 0) ? null : batch.totalCost / batch.grams
}

/**
 * The accord's cost per gram from its neat batches with some left: their costs per gram weighted by
 * the grams left, the unpriced left out (as the shelf's cost per mL, decision 025); null when none
 * with some left is priced, never 0.
 */
export function accordCostPerGram(batches: readonly Pick<NeatBatch, 'remainingGrams' | 'costPerGram'>[]): number | null {
  let grams = 0
  let cost = 0
  for (const b of batches) {
    if (b.costPerGram === null || !(b.remainingGrams > 0)) continue
    grams += b.remainingGrams
    cost += b.costPerGram * b.remainingGrams
  }
  return grams > 0 ? cost / grams : null
}

/** Oldest made first, then the first recorded. */
export function neatDrawOrder<T extends Pick<NeatBatch, 'id' | 'madeOn'>>(batches: readonly T[]): T[] {
  return [...batches].sort((a, b) => (a.madeOn < b.madeOn ? -1 : a.madeOn > b.madeOn ? 1 : a.id - b.id))
}

/** What `needGrams` of an accord takes from its neat batches, oldest first; what they lack is shortGrams. */
export function planNeatDraws(
  needGrams: number,
  batches: readonly NeatBatch[],
): { draws: { batchId: number; grams: number; emptied: boolean }[]; shortGrams: number } {
  const draws: { batchId: number; grams: number; emptied: boolean }[] = []
  let left = needGrams
  for (const b of neatDrawOrder(batches)) {
    if (left <= 0) break
    if (!(b.remainingGrams > 0)) continue
    const grams = Math.min(left, b.remainingGrams)
    draws.push({ batchId: b.id, grams, emptied: grams >= b.remainingGrams })
    left -= grams
  }
  return { draws, shortGrams: left >= SHORTFALL_TOLERANCE_G ? left : 0 }
}
