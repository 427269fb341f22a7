import { formatMoney } from '#client/lib/money.ts'

/** Millilitres as the shelf shows them: '12.5 mL', whole numbers from 100 up. */
export function formatMl(ml: number): string {
  return `${ml >= 100 ? Math.round(ml).toLocaleString() : Number(ml.toFixed(1)).toLocaleString()} mL`
}

/** A bottle's amount in its own unit: '10 mL', '15.5 g'. */
export function formatQuantity(amount: number, unit: string): string {
  return `${Number(amount.toFixed(2)).toLocaleString()} ${unit}`
}

/** Money in the user's currency; before one is chosen, still money (formatMoney's '¤12.50'). */
export function formatPrice(amount: number, currency: string | null, precise = false): string {
  return formatMoney(amount, currency, { precise })
}

/** '12 March 2025' from 'YYYY-MM-DD', read as a calendar date (no time zone shift). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(y!, (m ?? 1) - 1, d ?? 1).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
}
