import { z } from 'zod'

/**
 * The companion book's facts (docs/product.md "Public pages and the redeem flow"): the /book and
 * /review-book pages, the landing page and the redeem flow read them from here.
 *
 * The spec gives the title, the format, the publication date and the 5.0 rating: those are in code.
 * It does not give the author, the author's biography, the ASIN or reader quotes: those are the
 * publisher's, read from configuration at build time (BOOK_FACTS, decision 015), and a page leaves
 * out whatever is not configured rather than show made-up text.
 */
export const BOOK = {
  title: 'Essential Oil Blending Guide',
  format: 'Paperback',
  publishedOn: '2025-01-13',
  publishedLabel: 'January 13, 2025',
  rating: '5.0',
} as const

/**
 * The configured facts (config/book.json or BOOK_FACTS_FILE, with BOOK_AUTHOR and BOOK_ASIN over
 * them; scripts/book-facts.ts reads and checks them). Every field is optional: a section whose
 * facts are missing is left out. Unknown keys are refused, so a misspelt one fails the build.
 */
export const BookFactsSchema = /* @__PURE__ */ bookFactsSchema()

// Built in a function called once, marked pure: the client only reads BOOK_FACTS, and its bundle
// then leaves the schema, and Zod with it, out.
function bookFactsSchema() {
  const text = z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'must not be empty')
  return z.strictObject({
    author: text.optional(),
    /** The author's biography, one string per paragraph. Needs `author` (the section's heading). */
    authorBio: z.array(text).min(1, 'must have at least one paragraph').optional(),
    /** The retailer's 10-character id of the book: uppercase letters and digits. */
    asin: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{10}$/, 'must be 10 uppercase letters or digits, like the one in the Amazon listing address (/dp/…)')
      .optional(),
    /** Reader quotes, published with the reader's permission. */
    testimonials: z.array(z.strictObject({ quote: text, name: text, role: text.optional() })).optional(),
  })
}

export type BookFacts = z.infer<typeof BookFactsSchema>
export type Testimonial = NonNullable<BookFacts['testimonials']>[number]

declare const __ACCORD_BOOK_FACTS__: BookFacts | undefined

/**
 * The facts this build was made with: vite.config.ts defines __ACCORD_BOOK_FACTS__ from
 * loadBookFacts() (vitest.config.ts as `{}`). Code Vite did not build (the server, Node scripts)
 * has no such constant and sees no facts.
 */
export const BOOK_FACTS: BookFacts = typeof __ACCORD_BOOK_FACTS__ === 'undefined' ? {} : __ACCORD_BOOK_FACTS__

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

/** The store's search results for the book's title: where a link goes while no ASIN is configured. */
export const storeSearchUrl = (store: ReviewStore) => `https://${STORE_HOSTS[store]}/s?${new URLSearchParams({ k: BOOK.title }).toString()}`

/** The book's listing in the store, or the store's search for its title without an ASIN. */
export const storeListingUrl = (store: ReviewStore, asin: string | undefined = BOOK_FACTS.asin) =>
  asin ? `https://${STORE_HOSTS[store]}/dp/${asin}` : storeSearchUrl(store)

/** The store's review form for the book, or the store's search for its title without an ASIN. */
export const storeReviewUrl = (store: ReviewStore, asin: string | undefined = BOOK_FACTS.asin) =>
  asin ? `https://${STORE_HOSTS[store]}/review/create-review?asin=${asin}` : storeSearchUrl(store)

/** Where the Buy buttons go: the US listing (or the US store's search without an ASIN). */
export const bookListingUrl = (asin: string | undefined = BOOK_FACTS.asin) => storeListingUrl('us', asin)

/** The crafts marketplace that also sells the book. */
export const CRAFTS_MARKETPLACE = { name: 'Etsy', url: 'https://www.etsy.com/' } as const
