import { useCallback, useState } from 'react'
import { CalendarCheck, Hourglass } from 'lucide-react'
import type { JournalEntry } from '#shared/api/journal.ts'
import { todayIn } from '#shared/domain/calendar-date.ts'
import { maturationState } from '#shared/domain/maturation.ts'
import type { Rating } from '#shared/domain/rating.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { useSaveTestEntry } from '#client/features/journal/api/update-test-entry.ts'
import { useAutosave } from '#client/features/journal/hooks/use-autosave.ts'
import { formatDay } from '#client/features/journal/lib/format.ts'
import { AutosaveTextarea } from '#client/features/journal/components/autosave-textarea.tsx'
import { SaveStatus } from '#client/features/journal/components/save-status.tsx'
import { StarRating } from '#client/features/journal/components/star-rating.tsx'
import { TestEntryDates } from '#client/features/journal/components/test-entry-dates.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** One test entry: reference, its days and the test's day, maturation, a star rating and notes, each saved as it changes. */
export function TestEntryItem({ entry, now }: { entry: JournalEntry; now: Date }) {
  const t = useMessages()
  const save = useSaveTestEntry(entry)
  const [rating, setRating] = useState<number | null>(entry.rating)
  const saveRating = useCallback((value: Rating | null) => save({ rating: value }), [save])
  const ratingSave = useAutosave(saveRating, 0)
  const saveNotes = useCallback((notes: string) => save({ notes: notes.trim() ? notes : null }), [save])
  // The maker's day, on this device (docs/product.md "Time as the maker lived it").
  const today = todayIn(undefined, now)
  const maturation = maturationState(entry, today)
  const id = `entry-${entry.id}`

  return (
    <article
      aria-labelledby={`${id}-ref`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 print:gap-1.5 print:px-3 print:py-2"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <h4 id={`${id}-ref`} className="font-mono text-sm font-semibold text-foreground">
          {entry.referenceNumber}
        </h4>
        {maturation.status === 'matured' ? (
          <Badge colors="bg-primary-soft text-primary border-transparent">
            <CalendarCheck aria-hidden="true" className="size-3.5" />
            {t('journal.entry.matured')}
          </Badge>
        ) : (
          <Badge colors="bg-accent-soft text-accent border-transparent">
            <Hourglass aria-hidden="true" className="size-3.5" />
            {t('journal.entry.readyFrom', { date: formatDay(maturation.readyOn, today) })}
          </Badge>
        )}
      </header>
      <TestEntryDates entry={entry} today={today} save={save} referenceId={`${id}-ref`} />
      <div className="flex flex-wrap items-center gap-x-3">
        <StarRating
          value={rating}
          label={t('journal.entry.ratingFor', { reference: entry.referenceNumber })}
          onChange={(next) => {
            setRating(next)
            ratingSave.change(next)
          }}
        />
        <SaveStatus status={ratingSave.status} onRetry={ratingSave.retry} />
      </div>
      <AutosaveTextarea
        id={`${id}-notes`}
        label={t('journal.entry.notesLabel')}
        alsoLabelledBy={`${id}-ref`}
        labelClassName="text-muted-foreground"
        initialValue={entry.notes}
        save={saveNotes}
        placeholder={t('journal.entry.notesPlaceholder')}
        rows={2}
      />
    </article>
  )
}
