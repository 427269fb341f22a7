import { i18n } from '@lingui/core'
import { BOOK } from '#shared/config/book.ts'

/**
 * /review-book's title and description in the language shown (the catalog's `book.review.meta.*`,
 * read at call time), for the page and its prerendered <head> (src/client/prerender.tsx).
 */
export function reviewBookMeta(): { title: string; description: string } {
  return {
    title: i18n._('book.review.meta.title', { title: BOOK.title }),
    description: i18n._('book.review.meta.description', { title: BOOK.title }),
  }
}
