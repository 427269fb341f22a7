import { i18n } from '@lingui/core'
import { BOOK } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

/**
 * /redeem's title and description in the language shown (the catalog's `book.redeem.meta.*`, read
 * at call time), for the page and its prerendered <head> (src/client/prerender.tsx).
 */
export function redeemMeta(): { title: string; description: string } {
  return {
    title: i18n._('book.redeem.meta.title'),
    description: i18n._('book.redeem.meta.description', { title: BOOK.title, percent: LAUNCH_DISCOUNT_PERCENT }),
  }
}
