import { CloudUpload } from 'lucide-react'
import type { JournalEntry } from '#shared/api/journal.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { WAITING_ENTRY_REFERENCE } from '#client/features/journal/lib/waiting-writes.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** The mark on a test entry, rating or notes the server does not have yet (decision 039). */
export function WaitingBadge() {
  const t = useMessages()
  return (
    <Badge colors="bg-muted text-muted-foreground border-border">
      <CloudUpload aria-hidden="true" className="size-3.5" />
      {t('journal.waiting.badge')}
    </Badge>
  )
}

/**
 * A test entry made on this device and not sent yet: what was written, read-only (it has no
 * reference or id on the server to change it by), marked until the server has it.
 */
export function WaitingEntryItem({ entry }: { entry: JournalEntry }) {
  const t = useMessages()
  const id = `waiting-entry-${-entry.id}`
  return (
    <article aria-labelledby={`${id}-ref`} className="flex flex-col gap-3 rounded-lg border border-dashed border-border bg-card p-4">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <h4 id={`${id}-ref`} className="text-sm font-semibold text-foreground">
          {entry.referenceNumber === WAITING_ENTRY_REFERENCE ? t('journal.waiting.newEntry') : entry.referenceNumber}
        </h4>
        <WaitingBadge />
      </header>
      {entry.rating !== null ? <p className="text-sm text-foreground">{t('journal.waiting.rated', { rating: entry.rating })}</p> : null}
      {entry.notes ? <p className="whitespace-pre-wrap text-sm text-foreground">{entry.notes}</p> : null}
    </article>
  )
}
