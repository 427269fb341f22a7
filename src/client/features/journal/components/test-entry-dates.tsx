import { useId, useState } from 'react'
import { CalendarDays } from 'lucide-react'
import type { JournalEntry } from '#shared/api/journal.ts'
import { isCalendarDate, legacyCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { testDateProblemKindOn, testDay } from '#shared/domain/test-dates.ts'
import { dateProblemText } from '#client/features/journal/lib/date-problems.ts'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { useAutosave } from '#client/features/journal/hooks/use-autosave.ts'
import { formatDay } from '#client/features/journal/lib/format.ts'
import { SaveStatus } from '#client/features/journal/components/save-status.tsx'
import type { TestEntryChange } from '#client/features/journal/api/update-test-entry.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** The problems of two typed days: the made one's, then the tested one's (blank only for an entry not yet tested). */
function problemsOf(
  t: (id: string, values?: Record<string, unknown>) => string,
  made: string,
  tested: string,
  testedRequired: boolean,
  today: CalendarDate,
) {
  const madeProblem = isCalendarDate(made) ? null : t('journal.dates.chooseMade')
  if (tested === '') return { madeProblem, testedProblem: testedRequired ? t('journal.dates.chooseTested') : null }
  if (!isCalendarDate(tested)) return { madeProblem, testedProblem: t('journal.dates.chooseTested') }
  return { madeProblem, testedProblem: madeProblem ? null : dateProblemText(t, testDateProblemKindOn(made, tested, today)) }
}

/**
 * "Made 20 Nov · Tested 24 Nov · day 4" (docs/product.md "Time as the maker lived it"): a test
 * entry's two days and the test's day, and a way to change the days, saved as they change like the
 * notes. A day that breaks the rule (src/shared/domain/test-dates.ts) is said beside its field and
 * kept as typed, unsaved.
 */
export function TestEntryDates({
  entry,
  today,
  save,
  referenceId,
}: {
  entry: Pick<JournalEntry, 'id' | 'dateMade' | 'dateTested' | 'tested'>
  today: CalendarDate
  save: (change: TestEntryChange) => Promise<unknown>
  /** The id of the entry's reference, which completes the fields' names ("Date made TB-001a-000004"). */
  referenceId: string
}) {
  const t = useMessages()
  const id = useId()
  // A copy cached before days were dates still shows (and edits) the day it stood for.
  const [made, setMade] = useState(() => legacyCalendarDate(entry.dateMade) ?? '')
  const [tested, setTested] = useState(() =>
    entry.dateTested === null ? '' : (legacyCalendarDate(entry.dateTested, entry.dateMade) ?? ''),
  )
  const [editing, setEditing] = useState(false)
  const autosave = useAutosave(save)

  // An entry that was tested keeps a test day; one not yet tested may leave it blank.
  const testedRequired = entry.tested && entry.dateTested !== null
  const { madeProblem, testedProblem } = problemsOf(t, made, tested, testedRequired, today)
  const testedDay = tested === '' ? null : tested
  const valid = madeProblem === null && testedProblem === null

  const change = (nextMade: string, nextTested: string) => {
    setMade(nextMade)
    setTested(nextTested)
    const problems = problemsOf(t, nextMade, nextTested, testedRequired, today)
    // Only days that keep the rule are saved; anything else waits, as typed, for a fix.
    if (problems.madeProblem === null && problems.testedProblem === null)
      autosave.change({ dateMade: nextMade, dateTested: nextTested === '' ? null : nextTested })
    else autosave.cancel()
  }

  const shown = valid ? { made, tested: testedDay } : { made: legacyCalendarDate(entry.dateMade), tested: entry.dateTested }
  const day = shown.made ? testDay(shown.made, shown.tested) : null
  const parts = [
    shown.made ? t('journal.dates.made', { date: formatDay(shown.made, today) }) : null,
    entry.tested && shown.tested && isCalendarDate(shown.tested)
      ? t('journal.dates.tested', { date: formatDay(shown.tested, today) })
      : t('journal.dates.notTested'),
    entry.tested && day !== null ? t('journal.dates.day', { day }) : null,
  ].filter((part): part is string => part !== null)

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm text-muted-foreground" data-testid="entry-dates">
          {parts.join(' · ')}
        </span>
        <button
          type="button"
          className={`${textButtonClass} inline-flex items-center gap-1 text-xs`}
          aria-expanded={editing}
          aria-controls={`${id}-editor`}
          aria-labelledby={`${id}-toggle ${referenceId}`}
          onClick={() => setEditing((open) => !open)}
        >
          <CalendarDays aria-hidden="true" className="size-3.5" />
          <span id={`${id}-toggle`}>{editing ? t('journal.dates.done') : t('journal.dates.change')}</span>
        </button>
        <SaveStatus status={autosave.status} onRetry={autosave.retry} />
      </div>
      {editing ? (
        <div id={`${id}-editor`} className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label id={`${id}-made-label`} htmlFor={`${id}-made`}>
              {t('journal.dates.madeLabel')}
            </Label>
            <Input
              id={`${id}-made`}
              aria-labelledby={`${id}-made-label ${referenceId}`}
              type="date"
              max={today}
              value={made}
              aria-invalid={madeProblem !== null}
              aria-describedby={madeProblem ? `${id}-made-error` : undefined}
              onChange={(event) => change(event.target.value, tested)}
            />
            {madeProblem ? (
              <p id={`${id}-made-error`} className="text-sm text-destructive">
                {madeProblem}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label id={`${id}-tested-label`} htmlFor={`${id}-tested`}>
              {t('journal.dates.testedLabel')}
            </Label>
            <Input
              id={`${id}-tested`}
              aria-labelledby={`${id}-tested-label ${referenceId}`}
              type="date"
              max={today}
              value={tested}
              aria-invalid={testedProblem !== null}
              aria-describedby={testedProblem ? `${id}-tested-error` : undefined}
              onChange={(event) => change(made, event.target.value)}
            />
            {testedProblem ? (
              <p id={`${id}-tested-error`} className="text-sm text-destructive">
                {testedProblem}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}
