import { BOOK } from '#shared/config/book.ts'

/** /review-book's title and description, for the page and its prerendered <head> (src/client/prerender.tsx). */
export const REVIEW_BOOK_META = {
  title: 'Review the Essential Oil Blending Guide · Accord',
  description: `Leave a short review of the ${BOOK.title} on Amazon US, UK, DE or CA. It takes about a minute.`,
} as const
