/**
 * The companion book's facts, in one place (PRODUCT.md "Public pages and the redeem flow"): the
 * /book and /review-book pages, the landing page and the redeem flow read them from here.
 * The spec gives the title, the 5.0 rating and the publication date. It does not give the author,
 * the ASIN, the author's biography or reader quotes: those are stand-ins, listed in
 * BOOK_PLACEHOLDERS, until the publisher supplies them (the server warns at start in production).
 */
export const BOOK = {
  title: 'Essential Oil Blending Guide',
  author: 'Mara Ellison',
  format: 'Paperback',
  publishedOn: '2025-01-13',
  publishedLabel: 'January 13, 2025',
  asin: 'B0DQ5J7K2N',
  rating: '5.0',
} as const

/** About the Author on /book: paragraphs of the author's biography. */
export const AUTHOR_BIO = [
  `${BOOK.author} has spent years blending essential oils for soaps, candles and personal scents, and teaching small workshops for beginners. The book collects the methods and notes from those sessions into one clear, structured guide — and Accord is the tool she wished her students had to keep track of their blends.`,
] as const

/** The two reader testimonials on /book. */
export const TESTIMONIALS = [
  {
    quote:
      'I had a shelf of oils and no idea how to combine them. The fragrance wheel alone changed that: my first three blends all turned out wearable.',
    name: 'Hannah R.',
    role: 'Soap maker',
  },
  {
    quote:
      'Clear, practical and never preachy. I keep it next to my scale and use the app to log each version — the two work really well together.',
    name: 'David K.',
    role: 'Hobby perfumer',
  },
] as const

/**
 * The facts above that are stand-ins, not the publisher's. Empty this list when the real ones are
 * in; until then a production server logs a warning naming them.
 */
export const BOOK_PLACEHOLDERS: readonly string[] = ['BOOK.author', 'BOOK.asin', 'AUTHOR_BIO', 'TESTIMONIALS']

/** The four regional stores of the retailer, in the order the review page shows them. */
export const REVIEW_STORES = ['us', 'uk', 'de', 'ca'] as const
export type ReviewStore = (typeof REVIEW_STORES)[number]

const STORE_HOSTS: Record<ReviewStore, string> = {
  us: 'www.amazon.com',
  uk: 'www.amazon.co.uk',
  de: 'www.amazon.de',
  ca: 'www.amazon.ca',
}

export const STORE_LABELS: Record<ReviewStore, string> = {
  us: 'Amazon US',
  uk: 'Amazon UK',
  de: 'Amazon DE',
  ca: 'Amazon CA',
}

export const storeListingUrl = (store: ReviewStore, asin: string = BOOK.asin) =>
  `https://${STORE_HOSTS[store]}/dp/${asin}`

export const storeReviewUrl = (store: ReviewStore, asin: string = BOOK.asin) =>
  `https://${STORE_HOSTS[store]}/review/create-review?asin=${asin}`

/** Where the Buy buttons go: the US listing. */
export const BOOK_LISTING_URL = storeListingUrl('us')

/** The crafts marketplace that also sells the book. */
export const CRAFTS_MARKETPLACE = { name: 'Etsy', url: 'https://www.etsy.com/' } as const
