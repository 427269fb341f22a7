import type { JournalEntry } from '#shared/api/journal.ts'
import { useNow } from '#client/features/journal/hooks/use-now.ts'
import { TestEntryItem } from '#client/features/journal/components/test-entry-item.tsx'

/** A version's test entries, oldest first, or a line saying there are none. */
export function TestEntries({ entries, emptyText = 'No tests yet.' }: { entries: readonly JournalEntry[]; emptyText?: string }) {
  const now = useNow()
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>
  return (
    <ol className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id}>
          <TestEntryItem entry={entry} now={now} />
        </li>
      ))}
    </ol>
  )
}
