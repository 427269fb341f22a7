/**
 * The companion book's facts, in one place (PRODUCT.md "Public pages and the redeem flow").
 * AUTHOR and ASIN are placeholders until the publisher's listing is final.
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
