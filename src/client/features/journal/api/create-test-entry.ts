import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateJournalEntry, JournalEntry } from '#shared/api/journal.ts'
import { apiRequest, newIdempotencyKey } from '#client/lib/api-client.ts'
import { refreshBlendLists, updateCachedBlend } from '#client/lib/blend-queries.ts'

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
      // The blend on screen shows it at once (entries are oldest first, so it is the last one)…
      updateCachedBlend(queryClient, entry.projectId, {
        detail: (blend) => ({
          ...blend,
          testCount: blend.testCount + 1,
          versions: blend.versions.map((v) => (v.id === entry.versionId ? { ...v, testCount: v.testCount + 1 } : v)),
          // With entries still to load, it arrives with the last page.
          entries: blend.entriesNextCursor === null && !blend.entries.some((e) => e.id === entry.id) ? [...blend.entries, entry] : blend.entries,
        }),
        list: (item) => ({ ...item, testCount: item.testCount + 1, tested: true }),
      })
      // …and the Tested/Untested tabs and Home's counts come again when next shown.
      void refreshBlendLists(queryClient)
    },
  })
}
