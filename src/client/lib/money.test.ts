import { describe, expect, it } from 'vitest'
import { currencyCodes, currencyLabel, formatMoney } from '#client/lib/money.ts'
import { localeCurrency } from '#client/lib/locale-currency.ts'

const eur = (amount: number, digits: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: digits }).format(
    amount,
  )

describe('money in the user currency', () => {
  it('offers the ISO 4217 codes the browser knows', () => {
    const codes = currencyCodes()
    expect(codes).toContain('EUR')
    expect(codes).toContain('JPY')
    expect(codes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true)
  })

  it('names a currency beside its code', () => {
    expect(currencyLabel('EUR', 'en')).toBe('EUR - Euro')
  })

  it("writes amounts with the currency's own digits", () => {
    expect(formatMoney(12.5, 'EUR')).toBe(eur(12.5, 2))
    expect(formatMoney(1200, 'JPY')).toBe(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'JPY' }).format(1200))
  })

  it('keeps two more digits for a cost per mL under a tenth, so it does not round to nothing', () => {
    expect(formatMoney(0.0345, 'EUR', { precise: true })).toBe(eur(0.0345, 4))
    expect(formatMoney(0.0345, 'EUR')).toBe(eur(0.03, 2))
    expect(formatMoney(0.3603, 'EUR', { precise: true })).toBe(eur(0.36, 2))
  })

  it('never writes a bare number before a currency is chosen: the generic sign stands in', () => {
    const shown = formatMoney(12.5, null)
    expect(shown).toContain('¤')
    expect(shown).not.toContain('XXX')
    expect(shown.replace('¤', '').trim()).toBe(new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(12.5))
    expect(formatMoney(0.0345, null, { precise: true })).toContain('¤')
  })
})

describe('the default currency from the browser’s language', () => {
  it.each([
    ['en-US', 'USD'],
    ['en-GB', 'GBP'],
    ['de-DE', 'EUR'],
    ['de', 'EUR'],
    ['fr-CA', 'CAD'],
    ['de-CH', 'CHF'],
    ['ja', 'JPY'],
    ['pt-BR', 'BRL'],
  ])('%s pays in %s', (locale, currency) => {
    expect(localeCurrency(locale)).toBe(currency)
  })

  it('has none for a region it does not know, or no language at all', () => {
    expect(localeCurrency('en-AQ')).toBeNull()
    expect(localeCurrency('')).toBeNull()
    expect(localeCurrency('not a locale!')).toBeNull()
  })
})
