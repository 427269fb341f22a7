import { z } from 'zod'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'

/** Field schemas several request schemas share, so a rule (a limit, a message) is written once. */

export const MAX_NOTES = 10_000

/** Free text a user writes: blend notes, test notes. */
export const notesField = z.string().max(MAX_NOTES, `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters`)

export const isoDateField = z.iso.datetime({ offset: true, error: 'Dates are ISO 8601 date-times' })

/** A 1-5 star rating (docs/product.md §9). */
export const ratingField = z
  .number({ error: 'A rating is a whole number from 1 to 5' })
  .int()
  .min(1, 'A rating is from 1 to 5')
  .max(5, 'A rating is from 1 to 5')

const ID_MESSAGE = 'Ids are whole numbers from 1, written in plain digits'

/**
 * A database id in a path or query: a positive 32-bit integer in plain decimal digits. Spellings
 * that Number() would also read as 1 (1e0, 0x1, 1.0, " 1", 01) are refused, so one resource has
 * exactly one URL.
 */
export const idField = z
  .string({ error: ID_MESSAGE })
  .regex(/^[1-9][0-9]{0,9}$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(2 ** 31 - 1, 'Ids are at most 2147483647'))

export const IdParamSchema = z.object({ id: idField }).strict()

export { IDEMPOTENCY_KEY_HEADER } from '#shared/api/headers.ts'

/** An idempotency key: 1-200 printable ASCII characters, e.g. a UUID the client made for one user intent. */
export const idempotencyKeyField = z
  .string({ error: 'Send one Idempotency-Key header' })
  .regex(/^[\x20-\x7E]{1,200}$/, 'An Idempotency-Key is 1 to 200 printable ASCII characters')

/** The test-tracking fields of a version or test entry in a request, with the spec's defaults. */
export const trackingInputFields = (testedByDefault: boolean) => ({
  tested: z.boolean().default(testedByDefault),
  maturationPeriod: z.number().int().min(0).max(24 * 365).default(TRACKING_DEFAULTS.maturationPeriod),
  maturationComplete: z.boolean().default(TRACKING_DEFAULTS.maturationComplete),
  crossContaminationPrevented: z.boolean().default(TRACKING_DEFAULTS.crossContaminationPrevented),
  weighedInGrams: z.boolean().default(TRACKING_DEFAULTS.weighedInGrams),
})

/** The same fields in a response. */
export const trackingFields = {
  tested: z.boolean(),
  maturationPeriod: z.number().int(),
  maturationComplete: z.boolean(),
  crossContaminationPrevented: z.boolean(),
  weighedInGrams: z.boolean(),
}
