import { i18n } from '@lingui/core'
import { BOOK, BOOK_FACTS, type BookFacts } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

/**
 * /book's title and description in the language shown (the catalog's `book.page.meta.*`, read at
 * call time): "by <author>" only when an author is configured (decision 015). The page uses them,
 * and the prerendered HTML's <head> is built from them in each language (src/client/prerender.tsx).
 * The book's title is a name: the same in every language.
 */
export function bookMeta(facts: BookFacts = BOOK_FACTS): { title: string; description: string } {
  const values = { title: BOOK.title, author: facts.author, percent: LAUNCH_DISCOUNT_PERCENT }
  return {
    title: `${BOOK.title} · Accord`,
    description: i18n._(facts.author ? 'book.page.meta.descriptionByAuthor' : 'book.page.meta.description', values),
  }
}
