import { BOOK } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

/** /book's title and description, for the page and its prerendered <head> (src/client/prerender.tsx). */
export const BOOK_META = {
  title: `${BOOK.title} · Accord`,
  description: `${BOOK.title} by ${BOOK.author}: a practical handbook for balanced essential oil blends. Readers get ${LAUNCH_DISCOUNT_PERCENT}% off their first year of Accord Pro.`,
} as const
