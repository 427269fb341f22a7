import { z } from 'zod'

/** Field schemas several request schemas share, so a rule (a limit, a message) is written once. */

export const MAX_NOTES = 10_000

/** Free text a user writes: blend notes, test notes. */
export const notesField = z.string().max(MAX_NOTES, `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters`)

export const isoDateField = z.iso.datetime({ offset: true, error: 'Dates are ISO 8601 date-times' })

/** A 1-5 star rating (SPEC.md §9). */
export const ratingField = z
  .number({ error: 'A rating is a whole number from 1 to 5' })
  .int()
  .min(1, 'A rating is from 1 to 5')
  .max(5, 'A rating is from 1 to 5')

/** A database id in a path or query: a positive 32-bit integer. */
export const idField = z.coerce.number().int().positive().max(2 ** 31 - 1)

export const IdParamSchema = z.object({ id: idField }).strict()
