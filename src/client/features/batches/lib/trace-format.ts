import { productTypeById } from '#shared/domain/safety.ts'

/**
 * How the trace pages (issue 36) write days, amounts and product types: plain, the same on the
 * bottle page and the batch page.
 */

/** '2026-11-20' → '20 Nov 2026' (the day as written, never moved by a time zone). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  if (!y || !m || !d) return day
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/** A number with at most `digits` decimals, no trailing zeros. */
export const formatNumber = (value: number, digits = 2): string => String(Math.round(value * 10 ** digits) / 10 ** digits)

export const productLabel = (productType: string): string => productTypeById(productType)?.label ?? productType

/** A recorded check: Yes, No, or not recorded (a batch made before it was asked). */
export const checkWord = (check: boolean | null | undefined): string => (check == null ? 'Not recorded' : check ? 'Yes' : 'No')

/** A path's id when it is a plain positive whole number; null otherwise. */
export const pathId = (text: string | undefined): number | null =>
  text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null
