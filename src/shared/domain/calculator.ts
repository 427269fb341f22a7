import {
  fromGrams,
  gramsToMillilitres,
  millilitresToDrops,
  toGrams,
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
  drops: number
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

/** Whether there is enough to calculate: a blend, and a weight and percentage above 0. */
export function missingInputs(input: { hasBlend: boolean; weight: number; oilPercentage: number }): string[] {
  const missing: string[] = []
  if (!input.hasBlend) missing.push('blend')
  if (!(input.weight > 0)) missing.push('total product weight')
  if (!(input.oilPercentage > 0)) missing.push('essential oil percentage')
  return missing
}

export function calculateBatch({ weight, unit, oilPercentage, oils }: CalculatorInput): CalculatorResult {
  const productGrams = toGrams(weight, unit)
  const totalGrams = toGrams(totalOilWeight(weight, oilPercentage), unit)
  const rows = oils.map((oil): CalculatorRow => {
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
  const ml = rows.reduce((sum, row) => sum + row.ml, 0)
  return {
    totalOil: { grams: totalGrams, inUnit: fromGrams(totalGrams, unit), ml, drops: millilitresToDrops(ml) },
    rows,
    productGrams,
    productInUnit: weight,
    baseGrams: productGrams - totalGrams,
    baseInUnit: fromGrams(productGrams - totalGrams, unit),
  }
}
