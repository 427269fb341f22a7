import { useQuery } from '@tanstack/react-query'
import type { JournalEntry } from '#shared/api/journal.ts'
import { apiRequest } from '#client/lib/api-client.ts'

/** GET /api/journal-entries?projectId=…: one blend's test entries, oldest first, every page of them. */
export const entriesQueryKey = (projectId: number) => ['/api/journal-entries', { projectId }] as const

const NEXT_CURSOR_HEADER = 'x-next-cursor'

export async function fetchBlendEntries(projectId: number): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = []
  let after: string | null = null
  do {
    const query = new URLSearchParams({ projectId: String(projectId) })
    if (after !== null) query.set('after', after)
    const res = await apiRequest('GET', `/api/journal-entries?${query.toString()}`)
    entries.push(...((await res.json()) as JournalEntry[]))
    after = res.headers.get(NEXT_CURSOR_HEADER)
  } while (after)
  return entries
}

export function useBlendEntries(projectId: number | null) {
  return useQuery({
    queryKey: entriesQueryKey(projectId ?? 0),
    queryFn: () => fetchBlendEntries(projectId!),
    enabled: projectId !== null,
  })
}
