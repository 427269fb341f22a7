import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isRating, nextRating, RATINGS, ratingLabel } from '#shared/domain/rating.ts'

describe('star rating', () => {
  it('sets the clicked star', () => {
    expect(nextRating(null, 4)).toBe(4)
    expect(nextRating(2, 5)).toBe(5)
  })

  it('clears the rating when the current star is clicked again', () => {
    expect(nextRating(4, 4)).toBeNull()
  })

  it('clicking the same star twice returns to where it started', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...RATINGS), fc.constantFrom(...RATINGS), (start, star) => {
        const once = nextRating(start, star)
        expect(once === null ? start === star : once === star).toBe(true)
        if (start !== star) expect(nextRating(once, star)).toBeNull()
      }),
    )
  })

  it('knows a rating from 1 to 5', () => {
    expect([0, 1, 5, 6, 2.5, '3'].map(isRating)).toEqual([false, true, true, false, false, false])
  })

  it('reads out a rating', () => {
    expect([null, 1, 4].map(ratingLabel)).toEqual(['No rating', '1 star', '4 stars'])
  })
})
