import { z } from 'zod'
import { BlendListItemSchema } from '#shared/api/blend-list.ts'

/** GET /api/me/summary: what Home shows, in one small answer whatever the size of the collection. */

/** How many of the newest blends the summary carries. */
export const RECENT_BLENDS = 5

export const MeSummarySchema = z.object({
  /** Blends (projects with at least one version). */
  blendCount: z.number().int(),
  /** Blends with at least one test entry. */
  testedCount: z.number().int(),
  /** The newest blends first, at most RECENT_BLENDS. */
  recent: z.array(BlendListItemSchema),
})
export type MeSummary = z.infer<typeof MeSummarySchema>
