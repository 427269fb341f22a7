import type { CalculatorRow } from '#shared/domain/calculator.ts'

/**
 * The oil shelf's rules (docs/product.md "The oil shelf"; decisions 025 and 026), used by the
 * calculator in the browser and by the server when a batch is marked as made: amounts in mL from
 * a bottle's unit, the cost per mL over the bottles that have oil left, a batch's cost per oil,
 * what the shelf lacks, and which bottles a batch draws from.
 */

/** How a bottle is sized (the same list as BOTTLE_UNITS in src/shared/api/shelf.ts). */
export type BottleUnit = 'mL' | 'g'

/**
 * Shelf amounts are kept in whole thousandths of a bottle's unit (microlitres or milligrams), so a
 * draw and its undo are exact; a shortfall under one thousandth of a millilitre is no shortfall.
 */
export const MILLI_PER_UNIT = 1000
export const SHORTFALL_TOLERANCE_ML = 0.001

/** An amount in a bottle's unit as millilitres: grams through the oil's density (g/mL). */
export function bottleAmountToMl(amount: number, unit: BottleUnit, densityGPerMl: number): number {
  return unit === 'g' ? amount / densityGPerMl : amount
}

/** Millilitres as an amount in a bottle's unit. */
export function mlToBottleAmount(ml: number, unit: BottleUnit, densityGPerMl: number): number {
  return unit === 'g' ? ml * densityGPerMl : ml
}

/** An amount as whole thousandths of its unit (how the shelf stores what is left). */
export const toMilli = (amount: number): number => Math.round(amount * MILLI_PER_UNIT)
export const fromMilli = (milli: number): number => milli / MILLI_PER_UNIT

/** What the cost rule needs of a bottle: its size and what is left, in mL, and what it cost. */
export interface CostBottle {
  sizeMl: number
  remainingMl: number
  /** null: no price recorded. */
  price: number | null
}

/**
 * The cost per mL of an oil on the shelf (decision 025): the average of the priced bottles' prices
 * per mL (price / size), each weighted by the millilitres left in it. Bottles with nothing left do
 * not count, nor do bottles without a price; null when no priced bottle has oil left, never 0.
 */
export function costPerMl(bottles: readonly CostBottle[]): number | null {
  let ml = 0
  let cost = 0
  for (const b of bottles) {
    if (b.price === null || !(b.remainingMl > 0) || !(b.sizeMl > 0)) continue
    ml += b.remainingMl
    cost += (b.price / b.sizeMl) * b.remainingMl
  }
  return ml > 0 ? cost / ml : null
}

export interface ShelfBottleSummary extends CostBottle {
  oilId: number
}

export interface ShelfOilSummary {
  oilId: number
  bottleCount: number
  remainingMl: number
  costPerMl: number | null
}

/** One line per oil: how many bottles, the millilitres left in them, and the cost per mL. */
export function summarizeShelf(bottles: readonly ShelfBottleSummary[]): Map<number, ShelfOilSummary> {
  const byOil = new Map<number, ShelfBottleSummary[]>()
  for (const b of bottles) byOil.set(b.oilId, [...(byOil.get(b.oilId) ?? []), b])
  const summary = new Map<number, ShelfOilSummary>()
  for (const [oilId, list] of byOil) {
    summary.set(oilId, {
      oilId,
      bottleCount: list.length,
      remainingMl: list.reduce((sum, b) => sum + Math.max(0, b.remainingMl), 0),
      costPerMl: costPerMl(list),
    })
  }
  return summary
}

/** What the shelf holds of one oil, as a batch's cost and shortfall see it. */
export type ShelfHolding = Pick<ShelfOilSummary, 'remainingMl' | 'costPerMl'>

export interface BatchOilCost {
  oilId: number
  oilName: string
  grams: number
  ml: number
  /** The millilitres the shelf lacks (0 when it holds enough). */
  shortMl: number
  /** ml x the oil's cost per mL; null: "no price on your shelf", never a silent 0. */
  cost: number | null
}

/**
 * A batch's oils with their cost and shortfall, one line per oil (an oil in two layers is summed),
 * in the calculator's order. The whole amount is priced at the shelf's cost per mL, including any
 * part the shelf lacks: the average is the best price known for that oil (decision 025).
 */
export function batchOilCosts(
  rows: readonly Pick<CalculatorRow, 'id' | 'name' | 'grams' | 'ml'>[],
  shelf: ReadonlyMap<number, ShelfHolding>,
): BatchOilCost[] {
  const merged = new Map<number, { oilId: number; oilName: string; grams: number; ml: number }>()
  for (const row of rows) {
    const line = merged.get(row.id)
    if (line) {
      line.grams += row.grams
      line.ml += row.ml
    } else merged.set(row.id, { oilId: row.id, oilName: row.name, grams: row.grams, ml: row.ml })
  }
  return [...merged.values()].map((line) => {
    const held = shelf.get(line.oilId)
    const short = line.ml - (held?.remainingMl ?? 0)
    const costPer = held?.costPerMl ?? null
    return { ...line, shortMl: short >= SHORTFALL_TOLERANCE_ML ? short : 0, cost: costPer === null ? null : line.ml * costPer }
  })
}

export interface BatchCostTotals {
  /** The sum of the priced oils' costs; null when no oil has a price. */
  totalCost: number | null
  /** Some oils are priced and some are not: totalCost leaves the unpriced ones out. */
  costIsPartial: boolean
  /** totalCost / units when both are known. */
  costPerUnit: number | null
}

/** The batch's cost from its oils' costs, and per product unit when the maker gives a unit count. */
export function batchCostTotals(oils: readonly Pick<BatchOilCost, 'cost'>[], units: number | null): BatchCostTotals {
  const priced = oils.filter((o) => o.cost !== null)
  const totalCost = priced.length > 0 ? priced.reduce((sum, o) => sum + (o.cost ?? 0), 0) : null
  return {
    totalCost,
    costIsPartial: totalCost !== null && priced.length < oils.length,
    costPerUnit: totalCost !== null && units !== null && units > 0 ? totalCost / units : null,
  }
}

/** The oils the shelf does not hold enough of, for the calculator's warning. */
export function shortfalls<T extends Pick<BatchOilCost, 'shortMl'>>(oils: readonly T[]): T[] {
  return oils.filter((o) => o.shortMl > 0)
}

export interface DrawBottle {
  id: number
  remainingMl: number
  purchasedOn: string | null
  /** ISO date-time the bottle was added; stands in for a missing purchase date. */
  createdAt: string
}

/** Oldest first (decision 026): by purchase date, or the day it was added when it has none, then by id. */
export function drawOrder<T extends DrawBottle>(bottles: readonly T[]): T[] {
  const day = (b: DrawBottle) => b.purchasedOn ?? b.createdAt.slice(0, 10)
  return [...bottles].sort((a, b) => day(a).localeCompare(day(b)) || a.id - b.id)
}

export interface Draw {
  bottleId: number
  ml: number
  /** The draw takes everything left in the bottle. */
  emptied: boolean
}

/**
 * Which bottles of one oil a batch takes `needMl` from: the oldest first, each emptied before the
 * next is opened. What they do not hold is `shortMl` (decision 026: take what is there, record the rest).
 * `firstId`, the bottle the maker chose (decision 090), is drawn first and the rest in draw order,
 * so a chosen bottle that holds too little never blocks.
 */
export function planDraws(needMl: number, bottles: readonly DrawBottle[], firstId?: number): { draws: Draw[]; shortMl: number } {
  const draws: Draw[] = []
  let left = Math.max(0, needMl)
  const ordered = drawOrder(bottles.filter((b) => b.remainingMl > 0))
  const chosen = ordered.filter((b) => b.id === firstId)
  for (const bottle of [...chosen, ...ordered.filter((b) => b.id !== firstId)]) {
    if (left < SHORTFALL_TOLERANCE_ML) break
    const emptied = bottle.remainingMl <= left
    const ml = emptied ? bottle.remainingMl : left
    draws.push({ bottleId: bottle.id, ml, emptied })
    left -= ml
  }
  return { draws, shortMl: left >= SHORTFALL_TOLERANCE_ML ? left : 0 }
}
