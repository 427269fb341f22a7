import { z } from 'zod'
import { TRACKING_DEFAULTS } from '#shared/domain/tracking.ts'

/** Field schemas several request schemas share, so a rule (a limit, a message) is written once. */

export const MAX_NOTES = 10_000

/**
 * No request may carry a NUL character in its text or its property names: PostgreSQL cannot store
 * one, so the server refuses it on both engines before any schema (src/server/http/errors.ts). The
 * published contract says so with this pattern on every text field, parameter and property name of
 * a JSON request that has no pattern of its own (openapi.ts, decision 041).
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$'

/** Text that is not blank (a character other than a space) and has no NUL: a display name. */
export const NOT_BLANK_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$'

/** Free text a user writes: blend notes, test notes. */
export const notesField = z.string().max(MAX_NOTES, `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters`)

export const isoDateField = z.iso.datetime({ offset: true, error: 'Dates are ISO 8601 date-times' })

const CALENDAR_DATE_MESSAGE = 'Dates are written YYYY-MM-DD'

/**
 * A day as the maker lived it (docs/product.md "Time as the maker lived it"): a calendar date,
 * `YYYY-MM-DD`. Older clients and writes queued offline before dates were dates send an ISO
 * date-time with an offset instead; the server reads which day it stood for (legacyCalendarDate,
 * decision 036). Validated here; read into a date where the request is handled.
 */
export const calendarDateInputField = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: CALENDAR_DATE_MESSAGE })
  .meta({ description: 'YYYY-MM-DD; an older ISO date-time with an offset is read as the day it stood for' })

/** A calendar date in an answer, `YYYY-MM-DD`. */
export const calendarDateField = z.iso.date()

/** A 1-5 star rating (docs/product.md §9). */
export const ratingField = z
  .number({ error: 'A rating is a whole number from 1 to 5' })
  .int()
  .min(1, 'A rating is from 1 to 5')
  .max(5, 'A rating is from 1 to 5')

export { IDEMPOTENCY_KEY_HEADER } from '#shared/api/headers.ts'

/** An idempotency key: 1-200 printable ASCII characters, e.g. a UUID the client made for one user intent. */
export const idempotencyKeyField = z
  .string({ error: 'Send one Idempotency-Key header' })
  .regex(/^[\x20-\x7E]{1,200}$/, 'An Idempotency-Key is 1 to 200 printable ASCII characters')

/** The test-tracking fields of a version or test entry in a request, with the spec's defaults. */
export const trackingInputFields = (testedByDefault: boolean) => ({
  tested: z.boolean().default(testedByDefault),
  maturationPeriod: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(TRACKING_DEFAULTS.maturationPeriod),
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
