import type { ReviewStore } from '#shared/config/book.ts'

/**
 * The review store for a browser language (docs/product.md §9): contains 'gb' gives UK, starts with 'de'
 * gives DE, contains 'ca' gives CA, otherwise US. Case-insensitive.
 */
export function reviewStoreForLanguage(language: string | null | undefined): ReviewStore {
  const lang = (language ?? '').toLowerCase()
  if (lang.includes('gb')) return 'uk'
  if (lang.startsWith('de')) return 'de'
  if (lang.includes('ca')) return 'ca'
  return 'us'
}
