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

/** The separators a locale writes numbers with: en "1,234.5", de "1.234,5", fr "1 234,5". */
export function numberSeparators(locale?: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  }
}

/** What a typed number field holds: nothing, something that is not a number, or a number. */
export type TypedNumber =
  | { kind: 'blank' }
  | { kind: 'invalid' }
  | { kind: 'number'; value: number; /** Digits typed after the decimal separator. */ decimals: number }

/** Digits in thousands: "12", "1,234", "1 234 567" (with `mark` or spaces between the groups). */
function isGrouped(integer: string, mark: string): boolean {
  const groups = integer.split(mark === '' ? ' ' : new RegExp(`[ ${mark === '.' ? '\\.' : mark}]`))
  return groups.length === 1
    ? /^\d*$/.test(integer)
    : /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group))
}

/**
 * Reads a number as a person types it in their locale (docs/product.md "Calculator numbers"): the decimals
 * after the locale's decimal separator or a point (how phones' decimal keypads and most recipes
 * write it); thousands separated by the locale's group mark or spaces, only in groups of three.
 * So "1,5" is one and a half in every locale, and "1,500" fifteen hundred only where a comma groups
 * thousands (en), as "1.500" is in de. A leading minus is read, for the caller to refuse.
 */
export function parseDecimal(text: string, locale?: string): TypedNumber {
  let rest = text.trim().replace(/[\s\u00a0\u202f]+/g, ' ')
  if (rest === '') return { kind: 'blank' }
  const negative = /^[-\u2212]/.test(rest)
  if (negative) rest = rest.slice(1).trimStart()
  if (!/^[\d., ]+$/.test(rest) || !/\d/.test(rest)) return { kind: 'invalid' }
  const { group } = numberSeparators(locale)
  const points = rest.split('.').length - 1
  const commas = rest.split(',').length - 1
  let integer = rest
  let fraction = ''
  let grouping = ''
  if (points > 0 && commas > 0) {
    // Both marks: the last one starts the decimals, the other groups thousands.
    const at = Math.max(rest.lastIndexOf('.'), rest.lastIndexOf(','))
    const decimal = rest[at]!
    if ((decimal === '.' ? points : commas) !== 1) return { kind: 'invalid' }
    integer = rest.slice(0, at)
    fraction = rest.slice(at + 1)
    grouping = decimal === '.' ? ',' : '.'
  } else if (points + commas > 0) {
    const mark = points > 0 ? '.' : ','
    const at = rest.indexOf(mark)
    const thousands = points + commas > 1 || (mark === group && isGrouped(rest, mark) && !/^0*$/.test(rest.slice(0, at).trim()))
    if (thousands) grouping = mark
    else {
      integer = rest.slice(0, at)
      fraction = rest.slice(at + 1)
    }
  }
  fraction = fraction.trim()
  if (!isGrouped(integer.trim(), grouping) || !/^\d*$/.test(fraction)) return { kind: 'invalid' }
  const digits = integer.replace(/\D/g, '')
  if (digits === '' && fraction === '') return { kind: 'invalid' }
  const value = Number(`${digits || '0'}.${fraction || '0'}`)
  if (!Number.isFinite(value)) return { kind: 'invalid' }
  return { kind: 'number', value: negative ? -value : value, decimals: fraction.length }
}

/** A number in the locale's digits, with thousands separators. */
export function formatNumber(value: number, decimals: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)
}

/** What an amount of the calculator is in: a weight unit, or millilitres. */
export type AmountUnit = WeightUnit | 'mL'

/**
 * The step each amount is shown to (docs/product.md "Calculator numbers"): 0.01 g, as a 0.01 g
 * scale weighs; 0.001 oz and lb (about 0.03 g and 0.45 g); 0.01 mL.
 */
export const AMOUNT_DECIMALS: Readonly<Record<AmountUnit, number>> = { g: 2, oz: 3, lb: 3, mL: 2 }

/** An amount to its unit's step, in the locale's digits: "10.00", "0.320", "1,234.50". */
export function formatAmount(value: number, unit: AmountUnit = 'g', locale?: string): string {
  return formatNumber(value, AMOUNT_DECIMALS[unit], locale)
}

/**
 * The unit a batch's amounts are shown in beside the grams (docs/product.md "Calculator numbers"):
 * a pound batch's are in ounces until its essential oil reaches 1 lb, as a drop-sized share of a
 * pound is hard to weigh; one unit for the whole column, so its rows add up to its total.
 */
export function columnUnit(totalGrams: number, unit: WeightUnit): WeightUnit {
  return unit === 'lb' && Math.abs(totalGrams) < GRAMS_PER_UNIT.lb ? 'oz' : unit
}

/**
 * An amount as shown (`shown`, already rounded to its step): some oil asked for (`exact` above 0)
 * that rounding left at nothing reads "< 0.01" ("< 0.001" for ounces), never a misleading 0.00.
 */
export function formatShown(shown: number, exact: number, unit: AmountUnit, locale?: string): string {
  return shown === 0 && exact > 0
    ? `< ${formatNumber(10 ** -AMOUNT_DECIMALS[unit], AMOUNT_DECIMALS[unit], locale)}`
    : formatAmount(shown, unit, locale)
}

/** A weight rounded to its unit's step, with the unit: "2.75 g", "0.097 oz", "< 0.01 g". */
export function formatInUnit(grams: number, unit: WeightUnit, locale?: string): string {
  const exact = fromGrams(grams, unit)
  const scale = 10 ** AMOUNT_DECIMALS[unit]
  return `${formatShown(Math.round(exact * scale) / scale, exact, unit, locale)} ${unit}`
}

/** An amount of the calculator's columns as shown: its grams, and its weight in the column's unit. */
export interface ShownWeight {
  grams: number
  shownGrams: number
  shownInUnit: number
}

/** A shown amount in the column's unit, with its grams beside for ounces and pounds: "0.320 oz (9.07 g)", "10.00 g". */
export function formatWeight(amount: ShownWeight, column: WeightUnit, locale?: string): string {
  const inGrams = `${formatShown(amount.shownGrams, amount.grams, 'g', locale)} g`
  if (column === 'g') return inGrams
  return `${formatShown(amount.shownInUnit, fromGrams(amount.grams, column), column, locale)} ${column} (${inGrams})`
}

/** "1 gram", "2.5 pounds": a typed weight with its unit's name. */
export function weightWithUnitName(text: string, value: number, unit: WeightUnit): string {
  const name = UNIT_LABELS[unit].toLowerCase()
  return `${text} ${value === 1 ? name.replace(/s$/, '') : name}`
}

/**
 * Whole drops (wholeDrops in calculator.ts rounds them); none at all where some oil is asked for
 * (`exact` above 0) shows as "< 1" rather than a misleading 0.
 */
export function formatDrops(drops: number, exact: number = drops, locale?: string): string {
  const whole = Math.round(drops)
  return whole === 0 && exact > 0 ? '< 1' : formatNumber(whole, 0, locale)
}

/** "1 drop", "12 drops", "1,234 drops", "< 1 drop". */
export function dropsText(drops: number, exact: number = drops, locale?: string): string {
  const whole = Math.round(drops)
  return `${formatDrops(whole, exact, locale)} ${whole === 1 || (whole === 0 && exact > 0) ? 'drop' : 'drops'}`
}

/** A percentage without trailing zeros, at most 2 decimals: 0.6, 0.45, 3. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`
}
