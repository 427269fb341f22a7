import { describe, expect, it } from 'vitest'
import { isRecentPurchaseMonth, purchaseMonthOptions, shouldSendRedeem, type RedeemFormValues } from '#shared/domain/redeem.ts'

describe('purchaseMonthOptions', () => {
  it('offers the current month and the 17 before it, newest first', () => {
    const options = purchaseMonthOptions(new Date(2025, 2, 15))
    expect(options).toHaveLength(18)
    expect(options[0]).toEqual({ value: '2025-03', label: 'March 2025' })
    expect(options[1]).toEqual({ value: '2025-02', label: 'February 2025' })
    expect(options[17]).toEqual({ value: '2023-10', label: 'October 2023' })
  })

  it('crosses a year boundary', () => {
    const values = purchaseMonthOptions(new Date(2026, 0, 1)).map((o) => o.value)
    expect(values.slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11'])
    expect(values.at(-1)).toBe('2024-08')
    expect(new Set(values).size).toBe(18)
  })

  it('uses the calendar month even on its last day', () => {
    expect(purchaseMonthOptions(new Date(2025, 0, 31))[1]?.value).toBe('2024-12')
  })
})

describe('isRecentPurchaseMonth', () => {
  const now = new Date(Date.UTC(2025, 2, 15))
  it('accepts every month the picker offers', () => {
    for (const { value } of purchaseMonthOptions(new Date(2025, 2, 15))) expect(isRecentPurchaseMonth(value, now)).toBe(true)
  })
  it.each(['2022-01', '2030-01', '2025-13', '2025-3', 'March 2025', ''])('refuses %j', (value) => {
    expect(isRecentPurchaseMonth(value, now)).toBe(false)
  })
})

describe('shouldSendRedeem', () => {
  const filled: RedeemFormValues = {
    email: 'reader@example.com',
    marketplace: 'amazon-us',
    purchaseMonth: '2025-03',
    secretWord: 'lavender',
    redemptionCode: '',
    honeypot: '',
  }
  it('sends a complete form with a secret word', () => expect(shouldSendRedeem(filled)).toBe(true))
  it('sends a complete form with only a code', () =>
    expect(shouldSendRedeem({ ...filled, secretWord: '', redemptionCode: 'ABC-123' })).toBe(true))
  it.each(['email', 'marketplace', 'purchaseMonth'] as const)('sends nothing without %s', (field) => {
    expect(shouldSendRedeem({ ...filled, [field]: '' })).toBe(false)
  })
  it('sends nothing when both the word and the code are empty', () =>
    expect(shouldSendRedeem({ ...filled, secretWord: '  ', redemptionCode: '' })).toBe(false))
  it('drops a form whose honeypot has text', () => expect(shouldSendRedeem({ ...filled, honeypot: 'x' })).toBe(false))
})
