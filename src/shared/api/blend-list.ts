import { z } from 'zod'
import { BlendVersionSchema } from '#shared/api/blends.ts'
import { JournalEntrySchema } from '#shared/api/journal.ts'
import { cursorField, limitField } from '#shared/api/paging.ts'
import { JOURNAL_SORTS, JOURNAL_TABS } from '#shared/domain/journal-list.ts'

/**
 * What the signed-in screens read of the user's blends, sized to what they show: the journal's
 * pages of compact items (GET /api/blends), one blend in full (GET /api/blends/{id}), and the
 * spec's project list a page at a time (GET /api/blend-projects).
 */

/** GET /api/blends: rows per page by default, and at most. */
export const BLEND_PAGE_SIZE = 50
export const BLEND_PAGE_MAX = 100

/**
 * GET /api/blends. `q`: the name or any oil of any version contains it (any case); `sort`:
 * reference (numeric, then letter) or name (A-Z, nameSortKey); `status`: tested means at least one
 * test entry; `cursor`: the previous page's nextCursor.
 */
export const BlendListQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
    sort: z.enum(JOURNAL_SORTS, { error: `sort is one of ${JOURNAL_SORTS.join(', ')}` }).default('reference'),
    status: z.enum(JOURNAL_TABS, { error: `status is one of ${JOURNAL_TABS.join(', ')}` }).default('all'),
    limit: limitField(BLEND_PAGE_SIZE, BLEND_PAGE_MAX),
    cursor: cursorField.optional(),
  })
  .strict()

/** How many of a blend's latest ratings its list item carries (the journal card's sparkline). */
export const RECENT_RATINGS = 8

/** Oil names per layer. */
const LayerNamesSchema = z.object({ top: z.array(z.string()), middle: z.array(z.string()), base: z.array(z.string()) })

/**
 * A blend as the journal card and the calculator's picker show it: its original version's (a) oil
 * names per layer with each layer's share, and its counts. No oil objects, notes or effects.
 */
export const BlendListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The original version's reference, e.g. 001a. */
  referenceNumber: z.string(),
  createdAt: z.string(),
  oils: LayerNamesSchema,
  topPercentage: z.number(),
  middlePercentage: z.number(),
  basePercentage: z.number(),
  versionCount: z.number().int(),
  testCount: z.number().int(),
  /** At least one test entry. */
  tested: z.boolean(),
  /** The ratings of its latest rated test entries (at most RECENT_RATINGS), oldest first, by date tested. */
  recentRatings: z.array(z.number().int().min(1).max(5)).max(RECENT_RATINGS),
})
export type BlendListItem = z.infer<typeof BlendListItemSchema>

/** How many blends match the search, per tab. */
export const BlendCountsSchema = z.object({ all: z.number().int(), tested: z.number().int(), untested: z.number().int() })
export type BlendCounts = z.infer<typeof BlendCountsSchema>

export const BlendListPageSchema = z.object({
  items: z.array(BlendListItemSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** For the current q, every status. */
  counts: BlendCountsSchema,
})
export type BlendListPage = z.infer<typeof BlendListPageSchema>

/** GET /api/blends/{id}: the first test entries it carries; more through GET /api/journal-entries?projectId=&cursor=. */
export const BLEND_DETAIL_ENTRIES = 50

/** GET /api/blends/{id}: at most this many ratings, the latest, for the maturation chart. */
export const BLEND_DETAIL_RATINGS = 500

/** One rated test entry, as the maturation chart plots it: when the batch was made and tested, and the stars. */
export const RatingPointSchema = z.object({
  entryId: z.number().int(),
  versionId: z.number().int(),
  dateMade: z.string(),
  dateTested: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
})
export type RatingPoint = z.infer<typeof RatingPointSchema>

export const BlendDetailVersionSchema = BlendVersionSchema.extend({
  /** Test entries of this version (all of them, also those not in `entries` yet). */
  testCount: z.number().int(),
})
export type BlendDetailVersion = z.infer<typeof BlendDetailVersionSchema>

/** GET /api/blends/{id}: one blend with its project's fields, every version (oldest first) and its first test entries. */
export const BlendDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  blendNumber: z.number().int(),
  createdAt: z.string(),
  referenceNumber: z.string(),
  versionCount: z.number().int(),
  testCount: z.number().int(),
  versions: z.array(BlendDetailVersionSchema),
  /** The oldest BLEND_DETAIL_ENTRIES test entries, oldest first. */
  entries: z.array(JournalEntrySchema),
  /** Where GET /api/journal-entries?projectId={id}&cursor= continues; null when `entries` is all of them. */
  entriesNextCursor: z.string().nullable(),
  /** Copied into this journal from someone's share link. */
  copiedFromShare: z.boolean(),
  /** Every rated test entry (the latest BLEND_DETAIL_RATINGS of them), oldest test first. */
  ratings: z.array(RatingPointSchema),
})
export type BlendDetail = z.infer<typeof BlendDetailSchema>

/** GET /api/blend-projects: projects (newest first) per page by default, and at most; each carries all its versions. */
export const PROJECT_PAGE_SIZE = 100
export const PROJECT_PAGE_MAX = 100

export const ProjectListQuerySchema = z
  .object({ limit: limitField(PROJECT_PAGE_SIZE, PROJECT_PAGE_MAX), cursor: cursorField.optional() })
  .strict()
