import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { NEXT_CURSOR_HEADER } from '#shared/api/headers.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { blendDetailKey } from '#client/lib/blend-queries.ts'

/**
 * A blend's test entries after the first page GET /api/blends/{id} carries: the next page of
 * GET /api/journal-entries?projectId=…&cursor=…, added to the blend in the cache.
 */
export async function fetchMoreEntries(projectId: number, cursor: string): Promise<{ entries: JournalEntry[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ projectId: String(projectId), cursor })
  const res = await apiRequest('GET', `/api/journal-entries?${query.toString()}`)
  return { entries: await readAs(res, 'JournalEntries'), nextCursor: res.headers.get(NEXT_CURSOR_HEADER) }
}

export function useLoadMoreEntries(blend: Pick<BlendDetail, 'id' | 'entriesNextCursor'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => fetchMoreEntries(blend.id, blend.entriesNextCursor ?? ''),
    onSuccess: ({ entries, nextCursor }) => {
      queryClient.setQueryData<BlendDetail>(blendDetailKey(blend.id), (data) => {
        if (!data) return data
        const known = new Set(data.entries.map((e) => e.id))
        return { ...data, entries: [...data.entries, ...entries.filter((e) => !known.has(e.id))], entriesNextCursor: nextCursor }
      })
    },
  })
}
