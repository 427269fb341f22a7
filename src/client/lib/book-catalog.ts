/**
 * The words of the book's public pages, /book, /review-book and /redeem (the catalogs' `book.json`,
 * decision 097): one section for the three features, so it lives here where each may import it
 * (features do not import each other); `#client/features/book/book-catalog.ts` is /book's door to
 * it. The words load with those pages' chunks and the /redeem island, never with the app's entry,
 * English included. Await `wordsReady` before a page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/book.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'

export const wordsReady: Promise<void> = registerSection('book', english, {
  de: () => import('#client/locales/de/book.json?lingui'),
  fr: () => import('#client/locales/fr/book.json?lingui'),
  es: () => import('#client/locales/es/book.json?lingui'),
  it: () => import('#client/locales/it/book.json?lingui'),
})
