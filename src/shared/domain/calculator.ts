import {
  AMOUNT_DECIMALS,
  columnUnit,
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

/**
 * What the rate is measured against (docs/product.md "Calculator numbers"): the finished product,
 * or, as soap makers dose, the weight of the soap's oils, in percent or in ounces per pound.
 */
export const RATE_BASES = ['product', 'oils-percent', 'oils-oz-per-lb'] as const
export type RateBasis = (typeof RATE_BASES)[number]

export const RATE_BASIS_LABELS: Readonly<Record<RateBasis, string>> = {
  product: '% of the product',
  'oils-percent': "% of oils' weight",
  'oils-oz-per-lb': 'oz per lb of oils',
}

export function isRateBasis(value: string): value is RateBasis {
  return (RATE_BASES as readonly string[]).includes(value)
}

/** Ounces in a pound: 1 oz per lb of oils is 6.25 % of their weight. */
const OUNCES_PER_POUND = 16

/** A rate as a percentage of whatever it is measured against: oz per lb becomes % (x 100 / 16). */
export function ratePercent(rate: number, basis: RateBasis): number {
  return basis === 'oils-oz-per-lb' ? (rate * 100) / OUNCES_PER_POUND : rate
}

/**
 * The essential oil's share of the product for a rate against the soap's oils: the oil over the
 * soap's oils plus the oil, r / (100 + r). Lye and water are left out, as the calculator is not
 * told them, so this is the most the share can be: the safety checks and the label read it.
 */
export function productShare(rate: number, basis: RateBasis): number {
  const percent = ratePercent(rate, basis)
  return basis === 'product' ? percent : (percent * 100) / (100 + percent)
}

/** The weight and rate fields' names for each basis (what 'Missing:' lists, in lower case). */
export const AMOUNT_FIELDS: Readonly<Record<RateBasis, { weight: string; rate: string; suffix: string }>> = {
  product: { weight: 'Total product weight', rate: 'Essential oil percentage', suffix: '%' },
  'oils-percent': { weight: "Weight of the soap's oils", rate: "Essential oil, % of oils' weight", suffix: '%' },
  'oils-oz-per-lb': { weight: "Weight of the soap's oils", rate: 'Essential oil, oz per lb of oils', suffix: 'oz/lb' },
}

export interface CalculatorInput {
  /** The product's weight, or the soap's oils' weight for a rate against them, in `unit`. */
  weight: number
  unit: WeightUnit
  /** The rate: essential oil as a percentage of the product (or of the soap's oils, or oz per lb of them; `basis`). */
  oilPercentage: number
  /** What the rate is measured against; the product when absent. */
  basis?: RateBasis
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
  /** The grams as shown, to 0.01 g: the rows' add up to the total's (largestRemainder). */
  shownGrams: number
  /** The weight as shown in the result's `columnUnit`, to 0.001 oz or lb (0.01 g): the rows' add up to the total's. */
  shownInUnit: number
  /** The millilitres as shown, to 0.01 mL: the rows' add up to the total's. */
  shownMl: number
}

export interface CalculatorRow extends Amount {
  id: number
  name: string
  layer: NoteType
  /** Share of the blend, in percent. */
  percentage: number
  /** Share of the finished product, in percent (for a rate against the soap's oils, of the oils and the essential oil: productShare). */
  productPercentage: number
}

export interface CalculatorResult {
  totalOil: Amount
  rows: CalculatorRow[]
  /** The unit the amounts' second column is shown in (`shownInUnit`): a pound batch's is ounces until its oil reaches 1 lb. */
  columnUnit: WeightUnit
  basis: RateBasis
  /** The essential oil's share of the product, in percent: what the safety checks, the label and "Mark as made" read. */
  productPercentage: number
  /** The rest of the batch (base, wax, the soap's oils...): the product minus the essential oil. */
  baseGrams: number
  baseInUnit: number
  /** The product: as typed, or for a rate against the soap's oils, those oils plus the essential oil. */
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
export function missingInputs(input: { hasBlend: boolean; weight: TypedNumber; oilPercentage: TypedNumber; basis?: RateBasis }): string[] {
  const fields = AMOUNT_FIELDS[input.basis ?? 'product']
  const missing: string[] = []
  if (!input.hasBlend) missing.push('blend')
  if (input.weight.kind === 'blank') missing.push(fields.weight.toLowerCase())
  if (input.oilPercentage.kind === 'blank')
    missing.push(fields === AMOUNT_FIELDS.product ? 'essential oil percentage' : 'essential oil rate')
  return missing
}

/** What is wrong with a typed amount, said next to its field; null when it is a number above 0 or blank. */
export function amountProblem(typed: TypedNumber, locale?: string): string | null {
  if (typed.kind === 'invalid') return `Not a number: type it like ${formatNumber(1.5, 1, locale)}`
  if (typed.kind === 'number' && !(typed.value > 0)) return 'Must be greater than 0'
  return null
}

/**
 * Numbers for `exact` (all 0 or more) rounded to `decimals` places that add up to their rounded
 * sum, each the value rounded down or up: every value is rounded down, then the ones with the
 * largest remainders (the earlier on a tie) get one step more until the sum is reached (the
 * largest-remainder method). Whole numbers by default.
 */
export function largestRemainder(exact: readonly number[], decimals = 0): number[] {
  const scale = 10 ** decimals
  // In steps, a hair off a whole step snapped to it: 2.8 g is 280 hundredths, not 280.00000000000006.
  const steps = exact.map((value) => {
    const step = value * scale
    const near = Math.round(step)
    return Math.abs(step - near) <= 1e-12 * Math.max(1e5, Math.abs(step)) ? near : step
  })
  const total = Math.round(steps.reduce((sum, value) => sum + value, 0))
  const whole = steps.map((value) => Math.floor(value))
  let left = total - whole.reduce((sum, value) => sum + value, 0)
  const order = steps
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    whole[index]! += 1
    left -= 1
  }
  return whole.map((value) => value / scale)
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

export function calculateBatch({ weight, unit, oilPercentage, basis = 'product', oils }: CalculatorInput): CalculatorResult {
  const totalGrams = toGrams(totalOilWeight(weight, ratePercent(oilPercentage, basis)), unit)
  const productGrams = basis === 'product' ? toGrams(weight, unit) : toGrams(weight, unit) + totalGrams
  const share = productShare(oilPercentage, basis)
  const column = columnUnit(totalGrams, unit)
  const exact = oils.map((oil) => {
    const percentage = layerPercentage(oil)
    const grams = oilWeight(totalGrams, percentage)
    const ml = gramsToMillilitres(grams, oil.densityGPerMl ?? FALLBACK_DENSITY_G_PER_ML)
    return {
      id: oil.id,
      name: oil.name,
      layer: oil.layer,
      percentage,
      productPercentage: (share * percentage) / 100,
      grams,
      inUnit: fromGrams(grams, unit),
      ml,
      drops: millilitresToDrops(ml),
    }
  })
  // Each column is rounded as a whole, to the step it is shown to, so its rows add up to its total.
  const whole = largestRemainder(exact.map((row) => row.drops))
  const shownGrams = largestRemainder(
    exact.map((row) => row.grams),
    AMOUNT_DECIMALS.g,
  )
  const shownInUnit = largestRemainder(
    exact.map((row) => fromGrams(row.grams, column)),
    AMOUNT_DECIMALS[column],
  )
  const shownMl = largestRemainder(
    exact.map((row) => row.ml),
    AMOUNT_DECIMALS.mL,
  )
  const rows = exact.map((row, index) => ({
    ...row,
    wholeDrops: whole[index] ?? 0,
    shownGrams: shownGrams[index] ?? 0,
    shownInUnit: shownInUnit[index] ?? 0,
    shownMl: shownMl[index] ?? 0,
  }))
  const stepsOf = (values: readonly number[], decimals: number) => Math.round(sum(values) * 10 ** decimals) / 10 ** decimals
  return {
    totalOil: {
      grams: totalGrams,
      inUnit: fromGrams(totalGrams, unit),
      ml: sum(rows.map((row) => row.ml)),
      drops: sum(rows.map((row) => row.drops)),
      wholeDrops: sum(whole),
      shownGrams: stepsOf(shownGrams, AMOUNT_DECIMALS.g),
      shownInUnit: stepsOf(shownInUnit, AMOUNT_DECIMALS[column]),
      shownMl: stepsOf(shownMl, AMOUNT_DECIMALS.mL),
    },
    rows,
    columnUnit: column,
    basis,
    productPercentage: share,
    productGrams,
    productInUnit: fromGrams(productGrams, unit),
    baseGrams: productGrams - totalGrams,
    baseInUnit: fromGrams(productGrams - totalGrams, unit),
  }
}
