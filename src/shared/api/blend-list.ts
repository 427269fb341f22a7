import { z } from 'zod'
import { BlendVersionSchema } from '#shared/api/blends.ts'
import { JournalEntrySchema } from '#shared/api/journal.ts'
import { cursorField, limitField } from '#shared/api/paging.ts'
import { ID_PATTERN } from '#shared/api/ids.ts'
import { BatchListSchema } from '#shared/api/shelf.ts'
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
 * A blend as the journal card and the calculator's picker show it: its latest version's oil names
 * per layer with each layer's share, and its counts. No oil objects, notes or effects.
 */
export const BlendListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The latest version's reference, e.g. 001c. */
  referenceNumber: z.string(),
  /**
   * With a search (`q`) that matched only an older version's oils: the newest such version's
   * reference ('matches 001a'). Absent otherwise.
   */
  matchedReference: z.string().optional(),
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

const VERSION_MESSAGE = 'A version is its id, its letter (c) or its reference (001c)'

/** A version in a comparison's address: its id (12), its letter (c) or its reference (001c). */
export const versionSelectorField = z
  .string({ error: VERSION_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(/^([1-9][0-9]{0,9}|[0-9]{0,10}[a-z]{1,4})$/, VERSION_MESSAGE)
  // Read after trimming and lower-casing: the contract says so (decision 041).
  .meta({ pattern: '^\\s*([1-9][0-9]{0,9}|[0-9]{0,10}[A-Za-z]{1,4})\\s*$' })

/** GET /api/blends/{id}/compare?a=&b=: the two versions to compare (the same one twice is allowed). */
export const CompareQuerySchema = z.object({ a: versionSelectorField, b: versionSelectorField }).strict()

/** One side of a comparison: the version's oils and its tests. */
export const ComparedVersionSchema = BlendVersionSchema.pick({
  id: true,
  versionLetter: true,
  referenceNumber: true,
  topOils: true,
  middleOils: true,
  baseOils: true,
  dateMade: true,
  createdAt: true,
}).extend({
  /** Every test entry of this version. */
  testCount: z.number().int(),
  /** Rated tests among them. */
  ratedCount: z.number().int(),
  /** The rating of its latest rated test (by date tested, then entry order); null without one. */
  latestRating: z.number().int().min(1).max(5).nullable(),
  /** The mean of its ratings; null without one. */
  averageRating: z.number().nullable(),
})
export type ComparedVersion = z.infer<typeof ComparedVersionSchema>

/**
 * GET /api/blends/{id}/compare → 200: what the comparison screen shows, in a fixed number of
 * queries: the blend, every version to choose from, the two compared (a, b) and their rated tests
 * (at most BLEND_DETAIL_RATINGS, the latest, oldest first) for the ratings-over-time chart.
 */
export const BlendComparisonSchema = z.object({
  blend: z.object({ id: z.number().int(), name: z.string() }),
  choices: z.array(BlendVersionSchema.pick({ id: true, versionLetter: true, referenceNumber: true })),
  a: ComparedVersionSchema,
  b: ComparedVersionSchema,
  ratings: z.array(RatingPointSchema),
})
export type BlendComparison = z.infer<typeof BlendComparisonSchema>

/** GET /api/blends/details: at most this many blends per request (the offline fill, decision 039). */
export const BLEND_DETAILS_MAX = 20

/** One id, 1 to 2147483647 in plain digits: the id pattern without its anchors. */
const ONE_ID = `(?:${ID_PATTERN.source.slice(1, -1)})`

const IDS_MESSAGE = `ids is a comma-separated list of 1 to ${BLEND_DETAILS_MAX} blend ids`

/** GET /api/blends/details?ids=3,8,12: blend ids, each a positive integer below 2^31, no more than BLEND_DETAILS_MAX. */
export const BlendDetailsQuerySchema = z
  .object({
    ids: z
      .string({ error: IDS_MESSAGE })
      .max(BLEND_DETAILS_MAX * 11, IDS_MESSAGE)
      // Each id in the id range, so the published pattern says what the check below enforces.
      .regex(new RegExp(`^${ONE_ID}(,${ONE_ID}){0,${BLEND_DETAILS_MAX - 1}}$`), IDS_MESSAGE)
      .transform((text) => text.split(',').map(Number))
      .refine((ids) => ids.every((id) => id <= 2 ** 31 - 1), IDS_MESSAGE),
  })
  .strict()

/**
 * One blend as GET /api/blends/details answers it: GET /api/blends/{id}'s shape and the blend's
 * first page of batches, as GET /api/blends/{id}/batches answers it (newest first,
 * BATCH_PAGE_SIZE, its nextCursor), so a blend never opened online still offers its batches
 * offline (decision 055).
 */
export const BlendDetailWithBatchesSchema = BlendDetailSchema.extend({ batches: BatchListSchema })
export type BlendDetailWithBatches = z.infer<typeof BlendDetailWithBatchesSchema>

/**
 * GET /api/blends/details: those of the asked blends that are the user's, each in GET
 * /api/blends/{id}'s shape with its first page of batches, in the order asked. Another user's or
 * a deleted blend is simply absent.
 */
export const BlendDetailsSchema = z.object({ items: z.array(BlendDetailWithBatchesSchema).max(BLEND_DETAILS_MAX) })
export type BlendDetails = z.infer<typeof BlendDetailsSchema>
