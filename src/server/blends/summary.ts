import { RECENT_BLENDS, type MeSummary } from '#shared/api/me.ts'
import { blendCounts, recentBlends } from '#server/blends/blend-lists.repo.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * What Home shows (how many blends, how many tested, the newest few), in two queries whatever the
 * size of the collection: GET /api/me/summary's answer, and what Home's HTML is painted with.
 */
export async function readMeSummary(ex: Executor, userId: string): Promise<MeSummary> {
  const [counts, recent] = await Promise.all([blendCounts(ex, userId), recentBlends(ex, userId, RECENT_BLENDS)])
  return { blendCount: counts.all, testedCount: counts.tested, recent }
}
