import { z } from 'zod'
import { VersionOilSchema } from '#shared/api/blends.ts'
import { idField, isoDateField, notesField, ratingField, trackingFields, trackingInputFields } from '#shared/api/fields.ts'
import { cursorField, limitField } from '#shared/api/paging.ts'

/** Test (journal) entries: dated tests of one blend version (docs/product.md §3, "One coherent blend model"). */

export const JournalEntrySchema = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  projectId: z.number().int(),
  referenceNumber: z.string(),
  blendName: z.string(),
  dateMade: z.string(),
  dateTested: z.string().nullable(),
  notes: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  ...trackingFields,
  topOils: z.array(VersionOilSchema),
  middleOils: z.array(VersionOilSchema),
  baseOils: z.array(VersionOilSchema),
  createdAt: z.string(),
})
export type JournalEntry = z.infer<typeof JournalEntrySchema>

/**
 * POST /api/journal-entries. The entry tests one version (by id); the server fills in the blend
 * name, the oils and the TB-… reference from it. The spec's other fields are accepted and ignored.
 */
export const CreateJournalEntrySchema = z
  .object({
    versionId: z.number({ error: 'versionId is the id of the version tested' }).int().positive(),
    referenceNumber: z.string().max(40).optional(),
    blendName: z.string().max(200).optional(),
    topOils: z.array(VersionOilSchema).max(20).optional(),
    middleOils: z.array(VersionOilSchema).max(20).optional(),
    baseOils: z.array(VersionOilSchema).max(20).optional(),
    dateMade: isoDateField.optional(),
    dateTested: isoDateField.nullable().optional(),
    notes: notesField.nullable().default(null),
    rating: ratingField.nullable().default(null),
    ...trackingInputFields(true),
  })
  .strict()
export type CreateJournalEntry = z.input<typeof CreateJournalEntrySchema>

/** PATCH /api/journal-entries/{id}: autosave of the rating or the notes. */
export const UpdateJournalEntrySchema = z
  .object({ rating: ratingField.nullable().optional(), notes: notesField.nullable().optional() })
  .strict()
  .refine((v) => v.rating !== undefined || v.notes !== undefined, { message: 'Send a rating or notes to change' })

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
    after: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
    cursor: cursorField.optional(),
    limit: limitField(JOURNAL_PAGE_SIZE, JOURNAL_PAGE_MAX),
  })
  .strict()
  .refine((q) => q.after === undefined || q.cursor === undefined, { message: 'Send cursor or after, not both', path: ['cursor'] })
