import { calculateBatch } from '#shared/domain/calculator.ts'
import { batchCostTotals, batchOilCosts, type BatchCostTotals, type ShelfHolding } from '#shared/domain/shelf.ts'
import { columnUnit, formatInUnit, type WeightUnit } from '#shared/domain/units.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/**
 * Comparing two versions of a blend (docs/product.md "Compare versions"): each layer's oils matched
 * by oil id, never by position, with each oil's share in both and the change. An oil in only one
 * version is added (only in b) or removed (only in a). Pure data for the comparison screen.
 */

export interface ComparableOil {
  id: number
  name: string
  /** The oil's share of the whole blend, in percent. */
  percentage: number
}

export interface ComparableVersion {
  topOils: readonly ComparableOil[]
  middleOils: readonly ComparableOil[]
  baseOils: readonly ComparableOil[]
}

export type OilChange = 'added' | 'removed' | 'changed' | 'same'

export interface ComparedOil {
  id: number
  name: string
  /** Its share in version a; null when a does not have it in this layer. */
  a: number | null
  /** Its share in version b; null when b does not have it in this layer. */
  b: number | null
  /** b − a, counting a missing side as 0, rounded to 0.01. */
  delta: number
  change: OilChange
}

export interface ComparedLayer {
  layer: NoteType
  /** The layer's share of the blend in a and in b. */
  totalA: number
  totalB: number
  /** a's oils in a's order, then the oils only b has in b's order. */
  oils: ComparedOil[]
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** A layer's oils by id; an oil listed twice in one layer counts once, with its shares summed. */
function byId(oils: readonly ComparableOil[]): Map<number, ComparableOil> {
  const map = new Map<number, ComparableOil>()
  for (const oil of oils) {
    const seen = map.get(oil.id)
    map.set(oil.id, seen ? { ...seen, percentage: seen.percentage + oil.percentage } : { ...oil })
  }
  return map
}

/** One layer of two versions, oil by oil. */
export function compareLayer(layer: NoteType, a: readonly ComparableOil[], b: readonly ComparableOil[]): ComparedLayer {
  const inA = byId(a)
  const inB = byId(b)
  const oils: ComparedOil[] = []
  for (const oil of inA.values()) {
    const other = inB.get(oil.id)
    const delta = round2((other?.percentage ?? 0) - oil.percentage)
    oils.push({
      id: oil.id,
      name: oil.name,
      a: oil.percentage,
      b: other ? other.percentage : null,
      delta,
      change: other ? (delta === 0 ? 'same' : 'changed') : 'removed',
    })
  }
  for (const oil of inB.values()) {
    if (!inA.has(oil.id))
      oils.push({ id: oil.id, name: oil.name, a: null, b: oil.percentage, delta: round2(oil.percentage), change: 'added' })
  }
  const total = (map: Map<number, ComparableOil>) => round2([...map.values()].reduce((sum, o) => sum + o.percentage, 0))
  return { layer, totalA: total(inA), totalB: total(inB), oils }
}

/** The three layers of two versions (top, middle, base), each matched oil by oil. */
export function compareVersions(a: ComparableVersion, b: ComparableVersion): ComparedLayer[] {
  return [
    compareLayer('Top', a.topOils, b.topOils),
    compareLayer('Middle', a.middleOils, b.middleOils),
    compareLayer('Base', a.baseOils, b.baseOils),
  ]
}

/** How many oils were added, removed and changed in all three layers. */
export function changeCounts(layers: readonly ComparedLayer[]): Record<OilChange, number> {
  const counts: Record<OilChange, number> = { added: 0, removed: 0, changed: 0, same: 0 }
  for (const layer of layers) for (const oil of layer.oils) counts[oil.change] += 1
  return counts
}

/** '−10', '+2.5', '0': a change in percentage points, with a true minus sign. */
export function formatDelta(delta: number): string {
  if (delta === 0) return '0'
  const text = String(Math.abs(round2(delta)))
  return delta > 0 ? `+${text}` : `\u2212${text}`
}

/**
 * The version an address names: its id ('12'), its letter ('c') or its full reference ('001c'),
 * among one blend's versions; undefined when none of them is that one (another blend's, or none).
 */
export function findVersion<V extends { id: number; versionLetter: string; referenceNumber: string }>(
  versions: readonly V[],
  selector: string,
): V | undefined {
  const wanted = selector.trim().toLowerCase()
  if (/^[1-9][0-9]*$/.test(wanted)) return versions.find((v) => v.id === Number(wanted))
  if (/^[a-z]+$/.test(wanted)) return versions.find((v) => v.versionLetter === wanted)
  return versions.find((v) => v.referenceNumber.toLowerCase() === wanted)
}

/** The mean of `count` ratings summing to `sum`, to two decimals; null without a rating. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? round2(sum / count) : null
}

/** A batch of the blend itself, as the comparison prices it: this weight of oil in this unit. */
export interface CompareBatchSize {
  weight: number
  unit: WeightUnit
}

export interface BatchSide {
  /** Grams of each oil by layer and oil id (`Top:12`), from calculateBatch. */
  grams: Map<string, number>
  cost: BatchCostTotals
}

/** The key of one oil in one layer, as batchSide's grams are found. */
export const layerOilKey = (layer: NoteType, oilId: number) => `${layer}:${oilId}`

/**
 * One version made as a batch of `size` (the calculator's rule, calculateBatch, with the blend as
 * the whole product) and priced from the shelf (batchOilCosts): grams per oil and the batch's cost.
 */
export function batchSide(
  version: ComparableVersion,
  size: CompareBatchSize,
  densities: ReadonlyMap<number, number | null>,
  shelf: ReadonlyMap<number, ShelfHolding>,
): BatchSide {
  const layers: [NoteType, readonly ComparableOil[]][] = [
    ['Top', version.topOils],
    ['Middle', version.middleOils],
    ['Base', version.baseOils],
  ]
  const oils = layers.flatMap(([layer, list]) =>
    list.map((o) => ({ id: o.id, name: o.name, layer, percentage: o.percentage, densityGPerMl: densities.get(o.id) ?? null })),
  )
  const result = calculateBatch({ weight: size.weight, unit: size.unit, oilPercentage: 100, oils })
  const grams = new Map<string, number>()
  for (const row of result.rows) grams.set(layerOilKey(row.layer, row.id), (grams.get(layerOilKey(row.layer, row.id)) ?? 0) + row.grams)
  return { grams, cost: batchCostTotals(batchOilCosts(result.rows, shelf), null) }
}

/** b's batch cost minus a's, when both are priced; null otherwise. */
export function costDifference(a: BatchCostTotals, b: BatchCostTotals): number | null {
  return a.totalCost !== null && b.totalCost !== null ? b.totalCost - a.totalCost : null
}

/**
 * One oil's amount in a compared batch, in the batch's unit (issue 31: comparing in ounces showed
 * grams): "3.00 g", "0.106 oz"; a pound batch's amounts under 1 lb in ounces, as the calculator
 * shows them (columnUnit). "none" when the version does not have the oil.
 */
export function batchAmountText(grams: number | undefined, unit: WeightUnit, locale?: string): string {
  if (grams === undefined) return 'none'
  return formatInUnit(grams, columnUnit(grams, unit), locale)
}
