import { parseDecimal } from '#shared/domain/units.ts'
/**
 * Percentage arithmetic of a blend, exact to the hundredth: layer totals, the 100 ± 0.1 rule, even
 * splits (docs/product.md, "Percentages"). It depends on nothing else of ours, so the API schemas
 * and the editor's rules can both use it without importing each other.
 */

/** The total must be 100 % within this tolerance (the API's schemas check it with isTotalValid). */
export const TOTAL_TOLERANCE = 0.1

/** The contract accepts at most this many oils in one layer (CreateVersionSchema). */
export const MAX_OILS_PER_SLOT = 12

const HUNDREDTHS = 100
const toHundredths = (value: number) => Math.round(value * HUNDREDTHS)
const fromHundredths = (units: number) => units / HUNDREDTHS

/** A percentage rounded to the hundredth. */
export const roundToHundredth = (value: number) => fromHundredths(toHundredths(value))

/** `total` shared equally among `count` oils, in hundredths, the first ones taking any remainder. */
export function splitEqually(total: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1) return []
  const units = toHundredths(total)
  const share = Math.floor(units / count)
  const remainder = units - share * count
  return Array.from({ length: count }, (_, i) => fromHundredths(share + (i < remainder ? 1 : 0)))
}

/**
 * What a percentage field holds, read in the locale like the calculator's amounts (parseDecimal:
 * "12,5" is twelve and a half): non-numeric is 0; kept within 0-100, to hundredths.
 */
export function parsePercentage(text: string, locale?: string): number {
  const typed = parseDecimal(text, locale)
  if (typed.kind !== 'number') return 0
  return fromHundredths(toHundredths(Math.min(100, Math.max(0, typed.value))))
}

/** The sum of a list of oils' percentages (exact to the hundredth). */
export function slotTotal(oils: readonly { percentage: number }[]): number {
  return fromHundredths(oils.reduce((sum, oil) => sum + toHundredths(oil.percentage), 0))
}

/** The total is valid within 0.1 of 100 (99.9 and 100.1 pass, 99.89 and 100.11 do not). */
export function isTotalValid(total: number): boolean {
  return Math.abs(total - 100) <= TOTAL_TOLERANCE + 1e-9
}
