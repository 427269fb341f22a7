import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { JournalEntry } from '#shared/api/journal.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { updateCachedBlend } from '#client/lib/blend-queries.ts'

export type TestEntryChange = { rating: number | null } | { notes: string | null }

/** PATCH /api/journal-entries/{id} with {rating} (null clears it) or {notes}: autosave. */
export async function updateTestEntry(id: number, change: TestEntryChange): Promise<JournalEntry> {
  const res = await apiRequest('PATCH', `/api/journal-entries/${id}`, change)
  return (await res.json()) as JournalEntry
}

/** Saves a change to one entry and puts the saved entry in its blend's cache. */
export function useSaveTestEntry(entry: Pick<JournalEntry, 'id' | 'projectId'>) {
  const queryClient = useQueryClient()
  const { id, projectId } = entry
  return useCallback(
    async (change: TestEntryChange) => {
      const saved = await updateTestEntry(id, change)
      updateCachedBlend(queryClient, projectId, {
        detail: (blend) => ({ ...blend, entries: blend.entries.map((e) => (e.id === saved.id ? saved : e)) }),
      })
      return saved
    },
    [queryClient, id, projectId],
  )
}
