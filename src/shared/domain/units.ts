/** Weights, volumes and how the calculator shows numbers (docs/product.md §9 "Calculator"). */

export const WEIGHT_UNITS = ['g', 'oz', 'lb'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]

/** Exact international avoirdupois definitions. */
export const GRAMS_PER_UNIT: Readonly<Record<WeightUnit, number>> = { g: 1, oz: 28.349523125, lb: 453.59237 }

export const UNIT_LABELS: Readonly<Record<WeightUnit, string>> = { g: 'Grams', oz: 'Ounces', lb: 'Pounds' }

/** The convention used on labels and by most recipes; real droppers give 20-40 drops per mL. */
export const DROPS_PER_ML = 20

export function isWeightUnit(value: string): value is WeightUnit {
  return (WEIGHT_UNITS as readonly string[]).includes(value)
}

export function toGrams(amount: number, unit: WeightUnit): number {
  return amount * GRAMS_PER_UNIT[unit]
}

export function fromGrams(grams: number, unit: WeightUnit): number {
  return grams / GRAMS_PER_UNIT[unit]
}

export function gramsToMillilitres(grams: number, densityGPerMl: number): number {
  return grams / densityGPerMl
}

export function millilitresToDrops(ml: number): number {
  return ml * DROPS_PER_ML
}

/** A typed number: blank, unparseable or negative input counts as 0 (docs/product.md §5). */
export function parseAmount(text: string): number {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  const value = Number(trimmed.replace(',', '.'))
  return Number.isFinite(value) && value > 0 ? value : 0
}

/** Values under 1 show 2 decimals, otherwise 1 (docs/product.md §9). */
export function formatAmount(value: number): string {
  return Math.abs(value) < 1 ? value.toFixed(2) : value.toFixed(1)
}

/** Whole drops; a little less than one drop shows as "< 1" rather than a misleading 0. */
export function formatDrops(drops: number): string {
  if (drops > 0 && drops < 0.5) return '< 1'
  return String(Math.round(drops))
}

/** A percentage without trailing zeros, at most 2 decimals: 0.6, 0.45, 3. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`
}
