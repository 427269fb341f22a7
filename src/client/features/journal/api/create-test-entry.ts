import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedBlend } from '#shared/api/blends.ts'
import type { CreateJournalEntry, JournalEntry } from '#shared/api/journal.ts'
import { apiRequest, newIdempotencyKey } from '#client/lib/api-client.ts'
import { entriesQueryKey } from '#client/features/journal/api/get-blend-entries.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'

/** POST /api/journal-entries: a test of one version; the server fills the name, oils and TB- reference. */
export async function createTestEntry(body: CreateJournalEntry, idempotencyKey = newIdempotencyKey()): Promise<JournalEntry> {
  const res = await apiRequest('POST', '/api/journal-entries', body, { idempotencyKey })
  return (await res.json()) as JournalEntry
}

export function useCreateTestEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    // Each mutate is one intent, with a fresh idempotency key.
    mutationFn: (body: CreateJournalEntry) => createTestEntry(body),
    onSuccess: (entry) => {
      queryClient.setQueryData<JournalEntry[]>(entriesQueryKey(entry.projectId), (entries) => [...(entries ?? []), entry])
      // The list's Tested tab counts entries: keep it right without refetching every blend.
      queryClient.setQueryData<SavedBlend[]>(BLENDS_QUERY_KEY, (blends) =>
        blends?.map((b) => (b.id === entry.projectId ? { ...b, testCount: b.testCount + 1 } : b)),
      )
    },
  })
}
