/** The redeem flow's rules (docs/product.md §5, §9), shared by the form and the server. */

/** How many months the purchase-month picker offers: the current one and the 17 before it. */
export const PURCHASE_MONTH_SPAN = 18

export const MARKETPLACES = ['amazon-us', 'amazon-uk', 'amazon-de', 'amazon-ca', 'etsy', 'other'] as const
export type Marketplace = (typeof MARKETPLACES)[number]

export const MARKETPLACE_LABELS: Record<Marketplace, string> = {
  'amazon-us': 'Amazon US (amazon.com)',
  'amazon-uk': 'Amazon UK (amazon.co.uk)',
  'amazon-de': 'Amazon DE (amazon.de)',
  'amazon-ca': 'Amazon CA (amazon.ca)',
  etsy: 'Etsy',
  other: 'Other',
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

export type MonthOption = { value: string; label: string }

const monthValue = (year: number, monthIndex: number) => `${year}-${String(monthIndex + 1).padStart(2, '0')}`

/** The picker's months for the local calendar month of `now`, newest first: { value: '2025-03', label: 'March 2025' }. */
export function purchaseMonthOptions(now: Date, span = PURCHASE_MONTH_SPAN): MonthOption[] {
  const options: MonthOption[] = []
  for (let back = 0; back < span; back++) {
    const d = new Date(now.getFullYear(), now.getMonth() - back, 1)
    options.push({ value: monthValue(d.getFullYear(), d.getMonth()), label: `${MONTH_NAMES[d.getMonth()]} ${d.getFullYear()}` })
  }
  return options
}

export const PURCHASE_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/

/**
 * Whether a YYYY-MM month is one the picker can offer at `now`. One month of slack each side
 * allows for a browser whose local month differs from the server's UTC month.
 */
export function isRecentPurchaseMonth(value: string, now: Date): boolean {
  const match = PURCHASE_MONTH_PATTERN.exec(value)
  if (!match) return false
  const months = Number(match[1]) * 12 + Number(match[2]) - 1
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  return months <= current + 1 && months >= current - PURCHASE_MONTH_SPAN
}

/** The secret word as compared: trimmed and case-insensitive. */
export const normalizeSecretWord = (word: string) => word.trim().toLocaleLowerCase('en')

/** A redemption code as stored and compared: trimmed, upper-case. */
export const normalizeRedemptionCode = (code: string) => code.trim().toUpperCase()

export type RedeemFormValues = {
  email: string
  marketplace: string
  purchaseMonth: string
  secretWord: string
  redemptionCode: string
  honeypot: string
}

/** The submit button is enabled once either proof is typed (docs/product.md §5). */
export const hasProof = (values: Pick<RedeemFormValues, 'secretWord' | 'redemptionCode'>) =>
  values.secretWord.trim() !== '' || values.redemptionCode.trim() !== ''

/**
 * Whether the form sends anything: email, marketplace and month are filled, a word or a code is
 * given, and the hidden honeypot is empty (a filled one is dropped silently).
 */
export function shouldSendRedeem(values: RedeemFormValues): boolean {
  if (values.honeypot !== '') return false
  if (!values.email.trim() || !values.marketplace || !values.purchaseMonth) return false
  return hasProof(values)
}
