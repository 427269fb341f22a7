/** Test entry ratings (docs/product.md §3 "Journal entry", §4 "Test entry", §9): 1 to 5 stars, or none. */

export const RATING_MAX = 5
export const RATINGS = [1, 2, 3, 4, 5] as const
export type Rating = (typeof RATINGS)[number]

export function isRating(value: unknown): value is Rating {
  return typeof value === 'number' && (RATINGS as readonly number[]).includes(value)
}

/** The rating after a star is clicked: that star's value, or none when it is the current one. */
export function nextRating(current: number | null, clicked: Rating): Rating | null {
  return current === clicked ? null : clicked
}

/** 'No rating', '1 star', '4 stars': how a rating reads out. */
export function ratingLabel(rating: number | null): string {
  if (rating === null) return 'No rating'
  return `${rating} ${rating === 1 ? 'star' : 'stars'}`
}
