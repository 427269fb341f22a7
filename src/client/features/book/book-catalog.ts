/**
 * /book's words: the book pages' catalog section (`book.json`, decision 097), registered by
 * `#client/lib/book-catalog.ts` (where /review-book and /redeem import it too), and the book's
 * facts as the language shown writes them. Await `wordsReady` before the page renders.
 */
import { currentLanguage } from '#client/lib/i18n.ts'
import { BOOK } from '#shared/config/book.ts'

export { wordsReady } from '#client/lib/book-catalog.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * "Paperback published January 13, 2025" in the language shown: the format from the catalogs, the
 * date in the language's own long form (English keeps the spec's label exactly).
 */
export function publishedText(t: Translate): string {
  const language = currentLanguage()
  const date =
    language === 'en'
      ? BOOK.publishedLabel
      : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${BOOK.publishedOn}T00:00:00Z`))
  return t('book.page.published', { format: t('book.page.format.paperback'), date })
}

/** "5.0 rating" in the language shown: the number as the language writes it (5,0 in German) in the message ("5,0 Sterne"). */
export function ratingText(t: Translate): string {
  const language = currentLanguage()
  const rating = language === 'en' ? BOOK.rating : new Intl.NumberFormat(language, { minimumFractionDigits: 1 }).format(Number(BOOK.rating))
  return t('book.page.ratingWord', { rating })
}
