import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { JournalEntry } from '#shared/api/journal.ts'
import { formatCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { readAs } from '#client/lib/api-client.ts'
import { updateCachedBlend } from '#client/lib/blend-queries.ts'
import { KEPT_ON_DEVICE } from '#client/features/journal/hooks/use-autosave.ts'
import { withEntryRating } from '#client/features/journal/lib/rating-points.ts'
import { isQueued, sendOrQueue } from '#client/lib/offline/queued.ts'

export type TestEntryChange =
  { rating: number | null } | { notes: string | null } | { dateMade: CalendarDate; dateTested: CalendarDate | null }

/** What a change is called, and what it says, where the device lists writes it is keeping. */
function describeChange(change: TestEntryChange): { what: string; text: string | null } {
  if ('rating' in change) return { what: 'Rating', text: change.rating === null ? 'No rating' : `${change.rating} of 5 stars` }
  if ('notes' in change) return { what: 'Notes', text: change.notes }
  const tested = change.dateTested === null ? 'not tested yet' : `tested ${formatCalendarDate(change.dateTested)}`
  return { what: 'Dates', text: `Made ${formatCalendarDate(change.dateMade)}, ${tested}` }
}

/**
 * PATCH /api/journal-entries/{id} with {rating} (null clears it), {notes} or the two days: autosave.
 * Offline it is kept on the device and sent later (decision 029); then the answer is null.
 */
export async function updateTestEntry(
  entry: Pick<JournalEntry, 'id' | 'referenceNumber'>,
  change: TestEntryChange,
): Promise<JournalEntry | null> {
  const { what, text } = describeChange(change)
  const res = await sendOrQueue({
    method: 'PATCH',
    path: `/api/journal-entries/${entry.id}`,
    body: change,
    label: `${what} of test ${entry.referenceNumber}`,
    text,
  })
  if (isQueued(res)) return null
  return readAs(res, 'JournalEntry')
}

/** Saves a change to one entry and puts it in its blend's cache (as saved, or as queued on the device). */
export function useSaveTestEntry(entry: Pick<JournalEntry, 'id' | 'projectId' | 'referenceNumber'>) {
  const queryClient = useQueryClient()
  const { id, projectId, referenceNumber } = entry
  return useCallback(
    async (change: TestEntryChange) => {
      const saved = await updateTestEntry({ id, referenceNumber }, change)
      updateCachedBlend(queryClient, projectId, {
        detail: (blend) => {
          const entries = blend.entries.map((e) => (e.id !== id ? e : (saved ?? { ...e, ...change })))
          const updated = entries.find((e) => e.id === id)
          return { ...blend, entries, ratings: updated ? withEntryRating(blend.ratings, updated) : blend.ratings }
        },
      })
      // Kept on the device: the field says so rather than "Saved".
      return saved ?? KEPT_ON_DEVICE
    },
    [queryClient, id, projectId, referenceNumber],
  )
}
