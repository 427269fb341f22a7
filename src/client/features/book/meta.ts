import { BOOK, BOOK_FACTS, type BookFacts } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

/** /book's title and description; "by <author>" only when an author is configured (decision 015). */
export function bookMeta(facts: BookFacts = BOOK_FACTS) {
  const byline = facts.author ? ` by ${facts.author}` : ''
  return {
    title: `${BOOK.title} · Accord`,
    description: `${BOOK.title}${byline}: a practical handbook for balanced essential oil blends. Readers get ${LAUNCH_DISCOUNT_PERCENT}% off their first year of Accord Pro.`,
  } as const
}

/** /book's title and description with this build's facts, for the page and its prerendered <head> (src/client/prerender.tsx). */
export const BOOK_META = bookMeta()
