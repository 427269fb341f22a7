import { compareDates, todayIn, type CalendarDate } from '#shared/domain/calendar-date.ts'

/**
 * A batch's made day (decision 052): never after today. Apart from test-dates.ts so the journal's
 * own chunk does not carry it (the calculator, the add-test form and the API schema do).
 */

export const MADE_AFTER_TODAY_MESSAGE = "The made date can't be in the future."

/**
 * The latest calendar day anywhere on Earth at `now` (UTC+14, the Line Islands): a server, which
 * does not know the maker's zone for sure, refuses a made day after it. The device's form keeps
 * to the maker's own today (madeDateProblemOn).
 */
export function latestTodayOnEarth(now: Date = new Date()): CalendarDate {
  return todayIn('Etc/GMT-14', now)
}

/** What is wrong with a made day, for a screen to word in its language (decision 107). */
export type MadeDateProblem = 'made-after-today'

/** The made day's problem as a kind: it cannot be after the maker's today. */
export function madeDateProblemKindOn(made: CalendarDate, today: CalendarDate): MadeDateProblem | null {
  return compareDates(made, today) > 0 ? 'made-after-today' : null
}

/** The made day's problem on a device that knows the maker's today, in English (the API's words). */
export function madeDateProblemOn(made: CalendarDate, today: CalendarDate): string | null {
  return madeDateProblemKindOn(made, today) === null ? null : MADE_AFTER_TODAY_MESSAGE
}
