/**
 * Money in the user's one currency (docs/product.md, "The oil shelf"): ISO 4217 codes from the
 * browser's own list, amounts written by Intl.NumberFormat in that currency.
 */

/** The currencies the browser knows, as ISO 4217 codes (a short fallback where Intl lacks the list). */
export function currencyCodes(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] }
  if (typeof intl.supportedValuesOf === 'function') return intl.supportedValuesOf('currency')
  return ['AUD', 'CAD', 'CHF', 'EUR', 'GBP', 'JPY', 'NZD', 'SEK', 'USD']
}

/** 'EUR - Euro' where the browser can name it, else the code alone. */
export function currencyLabel(code: string, locale?: string): string {
  try {
    const name = new Intl.DisplayNames(locale, { type: 'currency' }).of(code)
    return name && name !== code ? `${code} - ${name}` : code
  } catch {
    return code
  }
}

/**
 * An amount in `currency` ('€12.50', '$0.18'). `precise` is for costs per mL: one under a tenth
 * of the currency's unit keeps two more digits (€0.034, not €0.03); anything else its usual digits.
 * With no currency chosen yet the amount still reads as money, with the generic currency sign
 * ('¤12.50'), never as a bare number that could be taken for a weight (issue 31).
 */
export function formatMoney(amount: number, currency: string | null, { precise = false }: { precise?: boolean } = {}): string {
  const code = currency ?? 'XXX'
  const digits =
    currency === null
      ? 2
      : (new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2)
  const max = precise && Math.abs(amount) < 0.1 && amount !== 0 ? Math.min(digits + 2, 6) : digits
  const format = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: max,
  })
  if (currency !== null) return format.format(amount)
  // 'XXX' is ISO 4217's "no currency"; some locales write the code itself ('12,50 XXX'): the sign reads better.
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? '¤' : part.value))
    .join('')
}
