import { z } from 'zod'
import { VersionOilSchema } from '#shared/api/blends.ts'
import {
  calendarDateField,
  calendarDateInputField,
  notesField,
  ratingField,
  trackingFields,
  trackingInputFields,
} from '#shared/api/fields.ts'
import { bodyIdField, idField, queryIntegerField } from '#shared/api/ids.ts'
import { cursorField, limitField } from '#shared/api/paging.ts'

/** Test (journal) entries: dated tests of one blend version (docs/product.md §3, "One coherent blend model"). */

export const JournalEntrySchema = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  projectId: z.number().int(),
  referenceNumber: z.string(),
  blendName: z.string(),
  /** The day the tested batch was made (docs/product.md "Time as the maker lived it"). */
  dateMade: calendarDateField,
  /** The day of the test; null for an entry not yet tested. */
  dateTested: calendarDateField.nullable(),
  /** The recorded batch ("Mark as made") this test is of, if the maker chose one. */
  batchId: z.number().int().nullable(),
  notes: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  ...trackingFields,
  topOils: z.array(VersionOilSchema),
  middleOils: z.array(VersionOilSchema),
  baseOils: z.array(VersionOilSchema),
  createdAt: z.string(),
})
export type JournalEntry = z.infer<typeof JournalEntrySchema>

const batchIdField = bodyIdField('batchId is the id of a batch of this blend').meta({
  description: 'A recorded batch of the same blend ("Mark as made"); the made date is then the batch\'s.',
})

/** The dates' rule the server checks against the stored entry, stated in the published contract (decision 041). */
const DATES_RULE = "A test is not dated before the day the blend was made (dateTested on or after dateMade, or the batch's day)."

/**
 * POST /api/journal-entries. The entry tests one version (by id); the server fills in the blend
 * name, the oils and the TB-… reference from it. The spec's other fields are accepted and ignored.
 * Dates are calendar dates (decision 036): `dateTested` is today (in UTC) when omitted, null for an
 * entry not yet tested; `dateMade` is the batch's day when `batchId` is sent, else the test's day
 * when omitted. A test dated before the making is refused (400, VALIDATION_ERROR).
 */
export const CreateJournalEntrySchema = z
  .object({
    versionId: bodyIdField('versionId is the id of the version tested'),
    referenceNumber: z.string().max(40).optional(),
    blendName: z.string().max(200).optional(),
    topOils: z.array(VersionOilSchema).max(20).optional(),
    middleOils: z.array(VersionOilSchema).max(20).optional(),
    baseOils: z.array(VersionOilSchema).max(20).optional(),
    dateMade: calendarDateInputField.optional(),
    dateTested: calendarDateInputField.nullable().optional(),
    batchId: batchIdField.nullable().optional(),
    notes: notesField.nullable().default(null),
    rating: ratingField.nullable().default(null),
    ...trackingInputFields(true),
  })
  .strict()
  .meta({ description: DATES_RULE })
export type CreateJournalEntry = z.input<typeof CreateJournalEntrySchema>

/**
 * PATCH /api/journal-entries/{id}: autosave of the rating, the notes, the dates or the batch. The
 * entry as changed must still keep the dates' rule (a test not before the making).
 */
export const UpdateJournalEntrySchema = z
  .object({
    rating: ratingField.nullable().optional(),
    notes: notesField.nullable().optional(),
    dateMade: calendarDateInputField.optional(),
    dateTested: calendarDateInputField.nullable().optional(),
    batchId: batchIdField.nullable().optional(),
  })
  .strict()
  // The contract says what the refinement enforces: an empty body changes nothing and is refused.
  .meta({ minProperties: 1, description: DATES_RULE })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'Send a rating, notes, dates or a batch to change' })
export type UpdateJournalEntry = z.input<typeof UpdateJournalEntrySchema>

/** GET /api/journal-entries: entries per page by default, and at most. */
export const JOURNAL_PAGE_SIZE = 100
export const JOURNAL_PAGE_MAX = 200

/**
 * GET /api/journal-entries: the user's entries oldest first, or one blend's (the detail view), a
 * page at a time: when more remain, the `x-next-cursor` header holds the `cursor` of the next page.
 * `after` (an entry id: the entries after it) is the older way to say where to start.
 */
export const JournalQuerySchema = z
  .object({
    projectId: idField.optional(),
    after: queryIntegerField('after', 0, 2 ** 31 - 1)
      .optional()
      .meta({ description: 'An entry id: the entries after it. Send cursor or after, not both.' }),
    cursor: cursorField.optional(),
    limit: limitField(JOURNAL_PAGE_SIZE, JOURNAL_PAGE_MAX),
  })
  .strict()
  .refine((q) => q.after === undefined || q.cursor === undefined, { message: 'Send cursor or after, not both', path: ['cursor'] })
