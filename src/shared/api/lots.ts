import { z } from 'zod'

/**
 * Lots that age (docs/product.md "Lots and expiry", decision 079): what the shelf's oils and the
 * label's preview say about the bottles a batch would draw from. Apart from shelf.ts and
 * labels.ts, which both read it (and one another).
 */

/**
 * A bottle with oil left whose dates call for attention on the server's day (docs/product.md
 * "Lots and expiry"), in the order a batch draws the oil (oldest first, decision 026): `mlBefore`
 * is what the bottles drawn before it hold, so a batch needing more than that draws from it.
 */
export const AgeingLotSchema = z.object({
  bottleId: z.number().int(),
  lotCode: z.string().nullable(),
  status: z.enum(['expired', 'expires-soon', 'opened-long-ago']),
  bestBefore: z.string().nullable(),
  openedOn: z.string().nullable(),
  remainingMl: z.number(),
  mlBefore: z.number(),
})
export type AgeingLot = z.infer<typeof AgeingLotSchema>

/**
 * A bottle a batch would draw from that has expired or is old for an oil that oxidises soon: said
 * before drawing, never blocking (docs/product.md "Lots and expiry").
 */
export const LotWarningSchema = z.object({
  bottleId: z.number().int(),
  oilId: z.number().int(),
  oilName: z.string(),
  lotCode: z.string().nullable(),
  status: z.enum(['expired', 'opened-long-ago']),
  bestBefore: z.string().nullable(),
  openedOn: z.string().nullable(),
})
export type LotWarning = z.infer<typeof LotWarningSchema>
