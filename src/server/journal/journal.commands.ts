import type { CreateJournalEntry, JournalEntry, UpdateJournalEntry } from '#shared/api/journal.ts'
import { MAX_NOTES } from '#shared/api/fields.ts'
import { legacyCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { testEntryReference } from '#shared/domain/references.ts'
import { requestTestDates, testDatesProblem } from '#shared/domain/test-dates.ts'
import type { Tracking } from '#shared/domain/maturation.ts'
import type { Executor } from '#server/db/executor.ts'
import { nextSequence, reserveSequence } from '#server/db/counters.ts'
import { done, refuse, type Outcome, type Refusal } from '#server/shared/outcome.ts'
import { trackingColumns } from '#server/db/tracking.ts'
import {
  batchMadeOn,
  entryDays,
  getEntry,
  insertEntries,
  insertEntry,
  updateEntryRow,
  versionTested,
  type EntryInsert,
} from '#server/journal/journal.repo.ts'

/**
 * The journal's one keeper (decision 061): the only code that writes journal_entries. The API's
 * routes, the assistant's add_test_entry and the importer call these commands; each applies the
 * rules of docs/product.md "Test entry" that concern its write (a test not dated before the making,
 * the batch's day as the made day, notes and ratings) and answers an Outcome, whose details name
 * the field (`dateTested`, `versionId`).
 */

/** A test dated before the making: the shared rule and its words (src/shared/domain/test-dates.ts). */
export function testDatesRefusal(made: CalendarDate, tested: CalendarDate | null, path = 'dateTested'): Refusal | null {
  const problem = testDatesProblem(made, tested)
  return problem ? refuse('VALIDATION_ERROR', problem, [{ path, message: problem }]) : null
}

/** Notes up to 10,000 characters and a rating from 1 to 5 (docs/product.md §5, "The server checks the same"). */
function notesAndRatingRefusal(e: { notes?: string | null | undefined; rating?: number | null | undefined }): Refusal | null {
  if (e.notes != null && e.notes.length > MAX_NOTES) {
    const message = `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters`
    return refuse('VALIDATION_ERROR', `notes: ${message}`, [{ path: 'notes', message }])
  }
  if (e.rating != null && (!Number.isInteger(e.rating) || e.rating < 1 || e.rating > 5)) {
    const message = 'A rating is from 1 to 5'
    return refuse('VALIDATION_ERROR', `rating: ${message}`, [{ path: 'rating', message }])
  }
  return null
}

const versionNotFound = () => refuse('NOT_FOUND', 'Blend version not found')
const batchNotFound = () => refuse('NOT_FOUND', 'Batch not found')

/**
 * Records a test of one of the user's versions. Its days are calendar dates (decision 036); with a
 * batch, the made day is the batch's. Refused: a version or batch not the user's (NOT_FOUND), a
 * test dated before the making.
 */
export async function recordTest(trx: Executor, userId: string, input: CreateJournalEntry): Promise<Outcome<JournalEntry>> {
  const broken = notesAndRatingRefusal(input)
  if (broken) return broken
  const version = await versionTested(trx, userId, input.versionId)
  if (!version) return versionNotFound()
  const batchId = input.batchId ?? null
  const dates = requestTestDates(input)
  const dateMade = batchId === null ? dates.dateMade : await batchMadeOn(trx, userId, version.project_id, batchId)
  if (dateMade === null) return batchNotFound()
  const misdated = testDatesRefusal(dateMade, dates.dateTested)
  if (misdated) return misdated
  const sequence = await nextSequence(trx, userId, 'last_entry_number')
  const id = await insertEntry(
    trx,
    userId,
    entryRow(userId, { id: version.id, projectId: version.project_id }, testEntryReference(version.reference_number, sequence), {
      ...input,
      dateMade,
      dateTested: dates.dateTested,
      batchId,
      notes: input.notes ?? null,
      rating: input.rating ?? null,
      createdAt: new Date().toISOString(),
    }),
  )
  const entry = await getEntry(trx, userId, id)
  return entry ? done(entry) : versionNotFound()
}

/**
 * Autosave of the rating, the notes, the days or the batch. The entry as changed keeps the days'
 * rule; choosing a batch sets the made day to the batch's, and another made day sent without a
 * batch unlinks the one chosen before.
 */
export async function changeTest(trx: Executor, userId: string, id: number, patch: UpdateJournalEntry): Promise<Outcome<JournalEntry>> {
  const broken = notesAndRatingRefusal(patch)
  if (broken) return broken
  const current = await entryDays(trx, userId, id)
  if (!current) return refuse('NOT_FOUND', 'Test entry not found')
  const dated = patch.dateMade !== undefined || patch.dateTested !== undefined || patch.batchId !== undefined
  let days = {}
  if (dated) {
    let dateMade = patch.dateMade !== undefined ? (legacyCalendarDate(patch.dateMade) ?? current.date_made) : current.date_made
    // Another made day typed by hand unlinks the batch; a batch chosen gives its day (decision 036).
    const batchId = patch.batchId !== undefined ? patch.batchId : dateMade !== current.date_made ? null : current.batch_id
    const dateTested =
      patch.dateTested === undefined
        ? current.date_tested
        : patch.dateTested === null
          ? null
          : (legacyCalendarDate(patch.dateTested, patch.dateMade ?? current.date_made) ?? current.date_tested)
    if (patch.batchId !== undefined && patch.batchId !== null) {
      const made = await batchMadeOn(trx, userId, current.project_id, patch.batchId)
      if (made === null) return batchNotFound()
      dateMade = made
    }
    const misdated = testDatesRefusal(dateMade, dateTested)
    if (misdated) return misdated
    days = { date_made: dateMade, date_tested: dateTested, batch_id: batchId }
  }
  const set = {
    ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
    ...days,
  }
  if (!(await updateEntryRow(trx, userId, id, set))) return refuse('NOT_FOUND', 'Test entry not found')
  const entry = await getEntry(trx, userId, id)
  return entry ? done(entry) : refuse('NOT_FOUND', 'Test entry not found')
}

/** A test's fields as a write takes them (its days already calendar dates). */
export type TestFields = {
  dateMade: string
  dateTested: string | null
  batchId?: number | null | undefined
  notes: string | null
  rating: number | null
  createdAt: string
} & Partial<Tracking>

/** The one mapping of a journal_entries row. */
function entryRow(userId: string, version: { id: number; projectId: number }, reference: string, e: TestFields): EntryInsert {
  return {
    user_id: userId,
    project_id: version.projectId,
    version_id: version.id,
    reference_number: reference,
    date_made: e.dateMade,
    date_tested: e.dateTested,
    batch_id: e.batchId ?? null,
    notes: e.notes,
    rating: e.rating,
    ...trackingColumns(e, true),
    created_at: e.createdAt,
  }
}

/** What an import checks of a test before anything is written: the same rules as recordTest's, on the file's days. */
export function importedTestRefusal(e: Pick<TestFields, 'dateMade' | 'dateTested' | 'notes' | 'rating'>): Refusal | null {
  const broken = notesAndRatingRefusal(e)
  if (broken) return broken
  const made = legacyCalendarDate(e.dateMade)
  const tested = e.dateTested === null ? null : legacyCalendarDate(e.dateTested, e.dateMade)
  if (made === null) return refuse('VALIDATION_ERROR', 'dateMade: Not a date', [{ path: 'dateMade', message: 'Not a date' }])
  if (e.dateTested !== null && tested === null)
    return refuse('VALIDATION_ERROR', 'dateTested: Not a date', [{ path: 'dateTested', message: 'Not a date' }])
  return testDatesRefusal(made, tested)
}

/** Reserves the user's next `count` entry numbers for an import's tests; answers the first. */
export const reserveTestNumbers = (trx: Executor, userId: string, count: number) => reserveSequence(trx, userId, 'last_entry_number', count)

/**
 * An import's tests, many a statement, each numbered by its caller from reserveTestNumbers and
 * checked as recordTest checks (a refusal's details carry the index of the test in `tests`).
 * Answers each test's id in the order given.
 */
export async function importTests(
  trx: Executor,
  userId: string,
  tests: { version: { id: number; projectId: number; reference: string }; sequence: number; fields: TestFields }[],
): Promise<Outcome<number[]>> {
  for (const [index, t] of tests.entries()) {
    const refused = importedTestRefusal(t.fields)
    if (refused) return { ...refused, details: [{ index, ...(refused.details as object[])[0] }] }
  }
  const rows = tests.map((t) => entryRow(userId, t.version, testEntryReference(t.version.reference, t.sequence), t.fields))
  const idOf = await insertEntries(trx, rows)
  return done(rows.map((r) => idOf.get(r.reference_number)!))
}
