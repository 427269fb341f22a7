import {
  formatNumber,
  fromGrams,
  gramsToMillilitres,
  millilitresToDrops,
  toGrams,
  type TypedNumber,
  type WeightUnit,
} from '#shared/domain/units.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/** Turns a blend into oil amounts for a batch (docs/product.md §9 "Calculator"). */

export const DEFAULT_LAYER_PERCENTAGES: Readonly<Record<NoteType, number>> = { Top: 30, Middle: 50, Base: 20 }
/** Used when an oil's density is unknown: the middle of the usual 0.84-1.06 g/mL range. */
export const FALLBACK_DENSITY_G_PER_ML = 0.9

export interface CalculatorOil {
  id: number
  name: string
  layer: NoteType
  /** Share of the blend in percent; null or non-finite falls back to the layer's default. */
  percentage: number | null
  densityGPerMl?: number | null
}

export interface CalculatorInput {
  /** Total product weight, in `unit`. */
  weight: number
  unit: WeightUnit
  /** Essential oil as a percentage of the finished product. */
  oilPercentage: number
  oils: readonly CalculatorOil[]
}

export interface Amount {
  grams: number
  /** The same weight in the chosen unit. */
  inUnit: number
  ml: number
  /** Exact drops, for the arithmetic. */
  drops: number
  /** Whole drops as shown: the rows' whole drops add up to the total's (largestRemainder). */
  wholeDrops: number
}

export interface CalculatorRow extends Amount {
  id: number
  name: string
  layer: NoteType
  /** Share of the blend, in percent. */
  percentage: number
  /** Share of the finished product, in percent. */
  productPercentage: number
}

export interface CalculatorResult {
  totalOil: Amount
  rows: CalculatorRow[]
  /** The rest of the batch (base, wax, soap...): weight minus the oil. */
  baseGrams: number
  baseInUnit: number
  productGrams: number
  productInUnit: number
}

/** Total oil = weight x percentage / 100, in the weight's own unit. */
export function totalOilWeight(weight: number, oilPercentage: number): number {
  return (weight * oilPercentage) / 100
}

/** One oil's weight = total x its percentage / 100. */
export function oilWeight(totalOil: number, percentage: number): number {
  return (totalOil * percentage) / 100
}

export function layerPercentage(oil: Pick<CalculatorOil, 'layer' | 'percentage'>): number {
  return oil.percentage !== null && Number.isFinite(oil.percentage) ? oil.percentage : DEFAULT_LAYER_PERCENTAGES[oil.layer]
}

/** Whether there is enough to calculate: a blend, and a weight and percentage typed (blank is missing). */
export function missingInputs(input: { hasBlend: boolean; weight: TypedNumber; oilPercentage: TypedNumber }): string[] {
  const missing: string[] = []
  if (!input.hasBlend) missing.push('blend')
  if (input.weight.kind === 'blank') missing.push('total product weight')
  if (input.oilPercentage.kind === 'blank') missing.push('essential oil percentage')
  return missing
}

/** What is wrong with a typed amount, said next to its field; null when it is a number above 0 or blank. */
export function amountProblem(typed: TypedNumber, locale?: string): string | null {
  if (typed.kind === 'invalid') return `Not a number: type it like ${formatNumber(1.5, 1, locale)}`
  if (typed.kind === 'number' && !(typed.value > 0)) return 'Must be greater than 0'
  return null
}

/**
 * Whole numbers for `exact` (all 0 or more) that add up to their rounded sum, each the value
 * rounded down or up: every value is rounded down, then the ones with the largest remainders (the
 * earlier on a tie) get one more until the sum is reached (the largest-remainder method).
 */
export function largestRemainder(exact: readonly number[]): number[] {
  const total = Math.round(exact.reduce((sum, value) => sum + value, 0))
  const whole = exact.map((value) => Math.floor(value))
  let left = total - whole.reduce((sum, value) => sum + value, 0)
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    whole[index]! += 1
    left -= 1
  }
  return whole
}

export function calculateBatch({ weight, unit, oilPercentage, oils }: CalculatorInput): CalculatorResult {
  const productGrams = toGrams(weight, unit)
  const totalGrams = toGrams(totalOilWeight(weight, oilPercentage), unit)
  const exact = oils.map((oil): Omit<CalculatorRow, 'wholeDrops'> => {
    const percentage = layerPercentage(oil)
    const grams = oilWeight(totalGrams, percentage)
    const ml = gramsToMillilitres(grams, oil.densityGPerMl ?? FALLBACK_DENSITY_G_PER_ML)
    return {
      id: oil.id,
      name: oil.name,
      layer: oil.layer,
      percentage,
      productPercentage: (oilPercentage * percentage) / 100,
      grams,
      inUnit: fromGrams(grams, unit),
      ml,
      drops: millilitresToDrops(ml),
    }
  })
  const whole = largestRemainder(exact.map((row) => row.drops))
  const rows = exact.map((row, index) => ({ ...row, wholeDrops: whole[index] ?? 0 }))
  const ml = rows.reduce((sum, row) => sum + row.ml, 0)
  const drops = rows.reduce((sum, row) => sum + row.drops, 0)
  return {
    totalOil: {
      grams: totalGrams,
      inUnit: fromGrams(totalGrams, unit),
      ml,
      drops,
      wholeDrops: whole.reduce((sum, n) => sum + n, 0),
    },
    rows,
    productGrams,
    productInUnit: weight,
    baseGrams: productGrams - totalGrams,
    baseInUnit: fromGrams(productGrams - totalGrams, unit),
  }
}
