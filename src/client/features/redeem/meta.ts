import { BOOK } from '#shared/config/book.ts'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

/** /redeem's title and description, for the page and its prerendered <head> (src/client/prerender.tsx). */
export const REDEEM_META = {
  title: 'Founding Reader Launch Discount · Accord',
  description: `Readers of the ${BOOK.title} get ${LAUNCH_DISCOUNT_PERCENT}% off their first year of Accord Pro. Confirm your copy to lock in the launch discount.`,
} as const
