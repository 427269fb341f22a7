/**
 * When a blend is ready to test (docs/product.md "Ready to test"): a blend rests for its maturation
 * period before it is smelled. One rule for Home's Ready list, the reminders and their tests.
 *
 * - A saved **version** is ready its maturation period (hours) after the moment it was made.
 * - A recorded **batch** (made on a calendar day) is ready from the start, in the maker's time zone,
 *   of the day `readyOn(madeOn, hours)`: 48 hours after a batch made on the 24th is the 26th at the
 *   maker's midnight, wherever the server runs.
 * - Either stays ready until a test of that version is dated on or after its made day. The SQL of
 *   the Ready list and of the scheduler compares the same `YYYY-MM-DD` strings (reminders.repo.ts).
 */
import { calendarDateIn, isCalendarDate, legacyCalendarDate, readyOn, startOfDayIn, type CalendarDate } from '#shared/domain/calendar-date.ts'

const HOUR_MS = 60 * 60 * 1000

/** The time zone used until a maker saves theirs. */
export const DEFAULT_TIME_ZONE = 'UTC'

/** The moment a version made at `madeAt` has rested `maturationHours` (never before it was made). */
export function versionReadyAt(madeAt: Date, maturationHours: number): Date {
  return new Date(madeAt.getTime() + Math.max(0, maturationHours) * HOUR_MS)
}

/** The moment a batch made on `madeOn` is ready: the start of its ready day in the maker's zone. */
export function batchReadyAt(madeOn: CalendarDate, maturationHours: number, timeZone: string): Date {
  return startOfDayIn(readyOn(madeOn, maturationHours), timeZone)
}

/** The day a version was made, in the maker's zone: a test dated on or after it counts. */
export function versionMadeOn(madeAt: Date, timeZone: string): CalendarDate {
  return calendarDateIn(madeAt, timeZone)
}

/**
 * True when a test dated `testedOn` counts as a test since the thing was made on `madeOn`. Test
 * dates are calendar dates; an older ISO date-time is read as the date it stood for.
 */
export function testedSince(madeOn: CalendarDate, testedOn: string | null): boolean {
  if (testedOn === null) return false
  const date = legacyCalendarDate(testedOn)
  return date !== null && date >= madeOn
}

/** Ready to test now: its maturation has ended and no test is dated on or after its made day. */
export function isReadyToTest(input: { readyAt: Date; madeOn: CalendarDate; testDates: (string | null)[] }, now: Date): boolean {
  return input.readyAt.getTime() <= now.getTime() && !input.testDates.some((d) => testedSince(input.madeOn, d))
}

/** What an add-test link names besides the version: the batch (null for the version itself) and its made day. */
export type AddTestTarget = { batchId: number | null; madeOn: CalendarDate }

/**
 * The path that opens a blend's add-test form for one of its versions. With a target (a Ready to
 * test row, a reminder, a batch's line) it also names the batch and the made day, so the form opens
 * on them and counts the right day (decision 052), also offline where the batch list is not at hand.
 */
export function addTestPath(projectId: number, versionId: number, target?: AddTestTarget): string {
  const query = new URLSearchParams({ blend: String(projectId) })
  if (target) {
    if (target.batchId !== null) query.set('batch', String(target.batchId))
    query.set('made', target.madeOn)
  }
  return `/journal?${query.toString()}#add-test-${versionId}`
}

/** The batch and made day an add-test address names (addTestPath), or null when it names neither. */
export function readAddTestTarget(search: string): AddTestTarget | null {
  const params = new URLSearchParams(search)
  const made = params.get('made')
  if (made === null || !isCalendarDate(made)) return null
  const batch = params.get('batch')
  const batchId = batch !== null && /^[1-9]\d{0,9}$/.test(batch) ? Number(batch) : null
  return { batchId, madeOn: made }
}

/** The id of a version's add-test form on the page (the target of addTestPath). */
export function addTestAnchor(versionId: number): string {
  return `add-test-${versionId}`
}
