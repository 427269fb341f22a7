import type { IfraCheck } from '#shared/api/ifra.ts'
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

/** A recorded check: Yes, No, or not recorded (the shared rule). */
export { checkWord } from '#shared/domain/batch-checks.ts'

/** A path's id when it is a plain positive whole number; null otherwise. */
export const pathId = (text: string | undefined): number | null =>
  text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null

/** The IFRA check recorded with a batch, in a sentence: the batch page and the batch record say the same. */
export function recordedIfraSentence(ifra: IfraCheck | null | undefined): string {
  if (!ifra) return 'No IFRA check was recorded with this batch.'
  switch (ifra.status) {
    case 'within':
      return `Within the IFRA limits${ifra.maxBlendPercent !== null ? ` (at most ${formatNumber(ifra.maxBlendPercent)} % of the blend in this product)` : ''}.`
    case 'over':
      return `Over the IFRA limit${ifra.limitingOil ? ` of ${ifra.limitingOil.oilName}` : ''}.`
    case 'no-category':
      return 'This product type has no IFRA category.'
    default:
      return 'Not known: some oils had no IFRA limit on record.'
  }
}

/** What the recorded check was made against: its category, the certificates' amendments and the day. */
export function recordedIfraBasis(ifra: IfraCheck): string {
  const category = ifra.category
    ? `IFRA category ${ifra.category}${ifra.categoryName ? ` (${ifra.categoryName})` : ''}`
    : 'No IFRA category'
  const amendments = ifra.amendments.length > 0 ? `, certificates of the ${ifra.amendments.join(', ')} amendment` : ''
  return `${category}${amendments}; checked on ${ifra.checkedAt.slice(0, 10)}.`
}
