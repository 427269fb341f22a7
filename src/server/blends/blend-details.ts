import { BLEND_DETAIL_ENTRIES, type BlendDetail } from '#shared/api/blend-list.ts'
import { getBlendDetails } from '#server/blends/blend-lists.repo.ts'
import type { Executor } from '#server/db/executor.ts'
import { firstEntriesOf } from '#server/journal/first-entries.ts'

/**
 * A blend's detail as GET /api/blends/{id}, GET /api/blends/details and the assistant's get_blend
 * answer it: the blend's own rows (blend-lists.repo.ts) with its first BLEND_DETAIL_ENTRIES test
 * entries, which the journal lends (journal/first-entries.ts). Five queries however many blends,
 * the journal's one run beside the four of the blends.
 */
export function readBlendDetails(ex: Executor, userId: string, ids: readonly number[]): Promise<BlendDetail[]> {
  return getBlendDetails(ex, userId, ids, (projectIds) => firstEntriesOf(ex, userId, projectIds, BLEND_DETAIL_ENTRIES))
}

/** One of the user's blends: readBlendDetails for one id. Null when it is not theirs or has no version. */
export async function readBlendDetail(ex: Executor, userId: string, projectId: number): Promise<BlendDetail | null> {
  return (await readBlendDetails(ex, userId, [projectId]))[0] ?? null
}
