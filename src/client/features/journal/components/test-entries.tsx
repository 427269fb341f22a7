import type { JournalEntry } from '#shared/api/journal.ts'
import { byTestDate } from '#shared/domain/test-dates.ts'
import { useNow } from '#client/features/journal/hooks/use-now.ts'
import { isWaiting } from '#client/features/journal/lib/waiting-writes.ts'
import { TestEntryItem } from '#client/features/journal/components/test-entry-item.tsx'
import { WaitingBadge, WaitingEntryItem } from '#client/features/journal/components/waiting-entry-item.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * A version's test entries by the day tested, oldest first (byTestDate, decision 052), or a line
 * saying there are none. Those made or changed
 * on this device and not yet sent are marked "Waiting to sync".
 */
export function TestEntries({ entries, emptyText }: { entries: readonly JournalEntry[]; emptyText?: string }) {
  const t = useMessages()
  const now = useNow()
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{emptyText ?? t('journal.tests.none')}</p>
  return (
    <ol className="flex flex-col gap-3">
      {byTestDate(entries).map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1.5">
          {isWaiting(entry) && entry.id < 0 ? (
            <WaitingEntryItem entry={entry} />
          ) : (
            <>
              <TestEntryItem entry={entry} now={now} />
              {isWaiting(entry) ? (
                <div className="self-start">
                  <WaitingBadge />
                </div>
              ) : null}
            </>
          )}
        </li>
      ))}
    </ol>
  )
}
