/**
 * The book readers' launch offer (docs/product.md §9). Its own module, without the redeem form's rules, so
 * the landing page can quote it without loading them.
 */

/** Book readers who join during the beta get this much off their first year of Pro. */
export const LAUNCH_DISCOUNT_PERCENT = 30

/** The book page whose first word is the secret word. */
export const SECRET_WORD_PAGE = 41
