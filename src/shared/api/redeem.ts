import { z } from 'zod'
import { MARKETPLACES, PURCHASE_MONTH_PATTERN, isRecentPurchaseMonth } from '#shared/domain/redeem.ts'

/**
 * An e-mail address, spaces around it allowed (they are trimmed): the published contract states the
 * address rule the server checks, not only "not blank" (decision 041).
 */
export const REDEEM_EMAIL_PATTERN = new RegExp(`^\\s*(?:${z.regexes.email.source.replace(/^\^/, '').replace(/\$$/, '')})\\s*$`)

/** POST /api/redeem (docs/product.md §3 "Redemption submission"). */
export const RedeemRequestSchema = z
  .object({
    email: z
      .string()
      .regex(REDEEM_EMAIL_PATTERN, 'Enter a valid e-mail address')
      .trim()
      .max(254)
      .pipe(z.email({ error: 'Enter a valid e-mail address' })),
    marketplace: z.enum(MARKETPLACES, { error: 'Choose where you bought the book' }),
    purchaseMonth: z
      .string()
      .regex(PURCHASE_MONTH_PATTERN, 'Use the form YYYY-MM')
      .refine((month) => isRecentPurchaseMonth(month, new Date()), 'Choose a month within the last 18 months')
      .meta({ description: 'YYYY-MM, a month within the last 18 months.' }),
    secretWord: z.string().max(100).default(''),
    redemptionCode: z.string().max(100).default(''),
    /** The hidden trap field: people leave it empty. */
    honeypot: z.string().max(1000).default(''),
  })
  .strict()
  .meta({ description: 'Send the secret word or a redemption code (one that is not blank).' })
  .refine((body) => body.honeypot !== '' || body.secretWord.trim() !== '' || body.redemptionCode.trim() !== '', {
    path: ['secretWord'],
    message: 'Enter the secret word or a redemption code',
  })
export type RedeemRequest = z.input<typeof RedeemRequestSchema>

export const RedeemResponseSchema = z.object({ verified: z.boolean() })
export type RedeemResponse = z.infer<typeof RedeemResponseSchema>
