import { describe, expect, it } from 'vitest'
import { reviewStoreForLanguage } from '#shared/domain/review-store.ts'

describe('reviewStoreForLanguage', () => {
  it.each([
    ['en-GB', 'uk'],
    ['en-gb', 'uk'],
    ['de', 'de'],
    ['de-AT', 'de'],
    ['DE-de', 'de'],
    ['en-CA', 'ca'],
    ['fr-ca', 'ca'],
    ['en-US', 'us'],
    ['fr-FR', 'us'],
    ['', 'us'],
  ])('maps %s to %s', (language, store) => {
    expect(reviewStoreForLanguage(language)).toBe(store)
  })

  it('defaults to US without a language', () => {
    expect(reviewStoreForLanguage(undefined)).toBe('us')
  })
})
