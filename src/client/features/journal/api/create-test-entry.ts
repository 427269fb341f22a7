import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { CreateJournalEntry, JournalEntry } from '#shared/api/journal.ts'
import { newIdempotencyKey, readAs } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'
import { refreshBlendLists, updateCachedBlend } from '#client/lib/blend-queries.ts'
import { withEntryRating } from '#client/features/journal/lib/rating-points.ts'
import { isQueued, sendOrQueue, type Queued } from '#client/lib/offline/queued.ts'

/**
 * POST /api/journal-entries: a test of one version; the server fills the name, oils and TB-
 * reference. Offline, the entry is kept on the device and sent when the connection returns
 * (decision 029): then the answer is `{ queued: true }`.
 */
export async function createTestEntry(
  body: CreateJournalEntry,
  idempotencyKey = newIdempotencyKey(),
  label = 'Test entry',
): Promise<JournalEntry | Queued> {
  const res = await sendOrQueue({ method: 'POST', path: '/api/journal-entries', body, idempotencyKey, label, text: body.notes ?? null })
  if (isQueued(res)) return res
  return readAs(res, 'JournalEntry')
}

/** 'Test entry for Rose Garden (001a)', from the blend in the cache: what a refused write is called. */
function describeEntry(queryClient: QueryClient, versionId: number): string {
  for (const [, blend] of queryClient.getQueriesData<BlendDetail>({ queryKey: [...BLENDS_QUERY_KEY, 'detail'] })) {
    const version = blend?.versions.find((v) => v.id === versionId)
    if (blend && version) return `Test entry for ${blend.name} (${version.referenceNumber})`
  }
  return 'Test entry'
}

export function useCreateTestEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    // Each mutate is one intent, with a fresh idempotency key. It runs offline too: it queues.
    mutationFn: (body: CreateJournalEntry) => createTestEntry(body, newIdempotencyKey(), describeEntry(queryClient, body.versionId)),
    networkMode: 'always',
    onSuccess: (entry) => {
      // A queued entry shows at once from the queue, marked "Waiting to sync" (use-waiting-writes.ts);
      // the sync refreshes the blend once the server has it.
      if (isQueued(entry)) return
      // The blend on screen shows it at once (entries are oldest first, so it is the last one)…
      updateCachedBlend(queryClient, entry.projectId, {
        detail: (blend) => ({
          ...blend,
          testCount: blend.testCount + 1,
          versions: blend.versions.map((v) => (v.id === entry.versionId ? { ...v, testCount: v.testCount + 1 } : v)),
          // With entries still to load, it arrives with the last page.
          entries:
            blend.entriesNextCursor === null && !blend.entries.some((e) => e.id === entry.id) ? [...blend.entries, entry] : blend.entries,
          ratings: withEntryRating(blend.ratings, entry),
        }),
        list: (item) => ({ ...item, testCount: item.testCount + 1, tested: true }),
      })
      // …and the Tested/Untested tabs and Home's counts come again when next shown.
      void refreshBlendLists(queryClient)
    },
  })
}
