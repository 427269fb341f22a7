import { compareDates, daysBetween, legacyCalendarDate, todayIn, type CalendarDate } from '#shared/domain/calendar-date.ts'

/**
 * A test entry's two days (docs/product.md "Time as the maker lived it", decision 036): the day the
 * batch was made and the day it was tested, calendar dates in the maker's time zone. A test cannot
 * be dated before the making. The server, the form and the entry's own date fields share this rule
 * and its words.
 */

export const TEST_BEFORE_MADE_MESSAGE = "The test date can't be before the day the blend was made."
export const TEST_AFTER_TODAY_MESSAGE = "The test date can't be after today."

/** What is wrong with a test's days, for a screen to word in its language (decision 107). */
export type TestDateProblem = 'test-before-made' | 'test-after-today'

const TEST_DATE_MESSAGES: Readonly<Record<TestDateProblem, string>> = {
  'test-before-made': TEST_BEFORE_MADE_MESSAGE,
  'test-after-today': TEST_AFTER_TODAY_MESSAGE,
}

/** The rule's problem with two days as a kind, or null when they are fine (the test may be the same day). */
export function testDatesProblemKind(made: CalendarDate, tested: CalendarDate | null): TestDateProblem | null {
  return tested !== null && compareDates(tested, made) < 0 ? 'test-before-made' : null
}

/** The rule's problem with two days in English (the API's words), or null when they are fine. */
export function testDatesProblem(made: CalendarDate, tested: CalendarDate | null): string | null {
  const kind = testDatesProblemKind(made, tested)
  return kind === null ? null : TEST_DATE_MESSAGES[kind]
}

/**
 * The calendar dates a request's made and tested values stand for: dates as they are, an older
 * client's ISO date-times read with legacyCalendarDate (the tested one in the made one's offset).
 * Made defaults to the tested day, tested to today in `timeZone` (UTC on the server, which cannot
 * know the maker's zone; the app always sends both). `dateTested: null` is an entry not yet tested.
 */
export function requestTestDates(
  input: { dateMade?: string | undefined; dateTested?: string | null | undefined },
  timeZone = 'UTC',
  now: Date = new Date(),
): { dateMade: CalendarDate; dateTested: CalendarDate | null } {
  const today = todayIn(timeZone, now)
  const tested =
    input.dateTested === null
      ? null
      : input.dateTested === undefined
        ? today
        : (legacyCalendarDate(input.dateTested, input.dateMade) ?? today)
  const made = input.dateMade === undefined ? (tested ?? today) : (legacyCalendarDate(input.dateMade) ?? tested ?? today)
  return { dateMade: made, dateTested: tested }
}

/**
 * A test's day: the midnights from the day made to the day tested (daysBetween; same day = day 0),
 * or null without a test date. Every screen, chart, export and share page counts with this. A value
 * still written as an older ISO date-time (a copy cached on a device before the upgrade) is read as
 * the day it stood for; a test dated before the making, which only older rows can hold, is day 0.
 */
export function testDay(dateMade: string, dateTested: string | null): number | null {
  if (dateTested === null) return null
  const made = legacyCalendarDate(dateMade)
  const tested = legacyCalendarDate(dateTested, dateMade)
  if (made === null || tested === null) return null
  return Math.max(0, daysBetween(made, tested))
}

/**
 * The test day's problem on a device that knows the maker's today, as a kind: after today, or
 * before the making (the server, which does not know the maker's zone, checks only the second).
 */
export function testDateProblemKindOn(made: CalendarDate, tested: CalendarDate | null, today: CalendarDate): TestDateProblem | null {
  if (tested !== null && compareDates(tested, today) > 0) return 'test-after-today'
  return testDatesProblemKind(made, tested)
}

/** The test day's problem on a device that knows the maker's today, in English. */
export function testDateProblemOn(made: CalendarDate, tested: CalendarDate | null, today: CalendarDate): string | null {
  const kind = testDateProblemKindOn(made, tested, today)
  return kind === null ? null : TEST_DATE_MESSAGES[kind]
}

/**
 * The order a version's test entries are listed in (decision 052): by the day tested, oldest first,
 * like the maturation chart reads; on one day by the day made, then as they were added. An entry
 * not yet tested has no place in time and comes last. Older date-time values are read as days.
 */
export function byTestDate<T extends { id: number; dateMade: string; dateTested: string | null }>(entries: readonly T[]): T[] {
  // '~' sorts after every date: untested last. A waiting entry's id is negative: after the saved ones.
  const key = (e: T) =>
    `${(e.dateTested !== null && legacyCalendarDate(e.dateTested, e.dateMade)) || '~'} ${legacyCalendarDate(e.dateMade) ?? ''}`
  const added = (e: T) => (e.id < 0 ? 2 ** 53 + e.id : e.id)
  return [...entries].sort((a, b) => compareDates(key(a), key(b)) || added(a) - added(b))
}
