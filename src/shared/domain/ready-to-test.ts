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
import { calendarDateIn, legacyCalendarDate, readyOn, startOfDayIn, type CalendarDate } from '#shared/domain/calendar-date.ts'

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

/** The id of a version's add-test form on the page (the target of addTestPath in add-test-link.ts). */
export function addTestAnchor(versionId: number): string {
  return `add-test-${versionId}`
}
