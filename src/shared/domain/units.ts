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

/** Values under 1 show 2 decimals, otherwise 1 (docs/product.md §9). */
export function formatAmount(value: number, locale?: string): string {
  return formatNumber(value, Math.abs(value) < 1 ? 2 : 1, locale)
}

/** The least amount formatAmount shows above zero. */
const LEAST_SHOWN = 0.005

/**
 * The unit an amount of a batch reads best in (docs/product.md "Calculator numbers"): a pound
 * batch's amounts below 1 lb are shown in ounces, as a tenth of a pound of oil is hard to weigh.
 */
export function displayUnit(grams: number, unit: WeightUnit): WeightUnit {
  return unit === 'lb' && Math.abs(grams) < GRAMS_PER_UNIT.lb ? 'oz' : unit
}

/** formatAmount, except that some amount too small for it reads "< 0.01" rather than a misleading 0.00. */
export function formatSmallAmount(value: number, locale?: string): string {
  return value > 0 && value < LEAST_SHOWN ? `< ${formatNumber(0.01, 2, locale)}` : formatAmount(value, locale)
}

/** An amount in the unit it reads best in (displayUnit): "2.3 g", "0.08 oz", "1.2 lb"; never "0.00 lb". */
export function formatInUnit(grams: number, unit: WeightUnit, locale?: string): string {
  const shown = displayUnit(grams, unit)
  return `${formatSmallAmount(fromGrams(grams, shown), locale)} ${shown}`
}

/** An amount with its grams beside it for an ounce or pound batch: "0.08 oz (2.3 g)", "1.2 lb (544.3 g)", "2.3 g". */
export function formatWeight(grams: number, unit: WeightUnit, locale?: string): string {
  const inGrams = formatInUnit(grams, 'g', locale)
  return unit === 'g' ? inGrams : `${formatInUnit(grams, unit, locale)} (${inGrams})`
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
