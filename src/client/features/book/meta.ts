import { BOOK } from '#shared/config/book.ts'

/** /book's title and description, for the page and its prerendered <head> (src/client/prerender.tsx). */
export const BOOK_META = {
  title: `${BOOK.title} · Accord`,
  description: `${BOOK.title} by ${BOOK.author}: a practical handbook for balanced essential oil blends. Readers get 30% off their first year of Accord Pro.`,
} as const
