import { DEFAULT_MATURATION_HOURS } from '#shared/domain/tracking.ts'
import { calendarDateIn, compareDates, isCalendarDate, readyOn, type CalendarDate } from '#shared/domain/calendar-date.ts'

/**
 * Maturation of a tested batch (docs/product.md §3 "Journal entry", §4 "Test entry", §9): a blend rests
 * for its maturation period (48 hours by default) after it is made before it is ready to test.
 */

// The tracking fields and their defaults live apart (tracking.ts), so request schemas that need only
// them do not load the calendar.
export { DEFAULT_MATURATION_HOURS, TRACKING_DEFAULTS, type Tracking } from '#shared/domain/tracking.ts'

const HOUR_MS = 60 * 60 * 1000

/** When a version's batch is ready to test: the moment it was made plus its maturation period in hours. */
export function readyToTestAt(dateMade: string | Date, maturationHours: number): Date {
  return new Date(new Date(dateMade).getTime() + maturationHours * HOUR_MS)
}

export type MaturationState = { status: 'maturing'; readyOn: CalendarDate } | { status: 'matured'; readyOn: CalendarDate }

/**
 * Maturing until the ready day, matured from that day on (docs/product.md "Time as the maker lived
 * it"): a test entry's made day plus its maturation period in whole days, rounded up (readyOn).
 * `today` is the maker's day (todayIn on the device). A made value that is a moment (a version's,
 * or a copy cached before days were dates) counts from its day in `timeZone`, the device's own.
 */
export function maturationState(
  entry: { dateMade: string; maturationPeriod: number },
  today: CalendarDate,
  timeZone?: string,
): MaturationState {
  const made = isCalendarDate(entry.dateMade) ? entry.dateMade : calendarDateIn(new Date(entry.dateMade), timeZone)
  const ready = readyOn(made, entry.maturationPeriod)
  return compareDates(today, ready) >= 0 ? { status: 'matured', readyOn: ready } : { status: 'maturing', readyOn: ready }
}

/**
 * What the add-test form starts with (docs/product.md §4): made and tested today (the device's day),
 * no batch, no notes, no rating, tested, 48 h.
 */
export interface TestEntryDraft {
  dateMade: CalendarDate
  dateTested: CalendarDate
  /** A recorded batch's id as the select gives it; '' for none. */
  batchId: string
  notes: string
  rating: number | null
  tested: boolean
  maturationPeriod: number
}

export function newTestEntryDraft(today: CalendarDate): TestEntryDraft {
  return {
    dateMade: today,
    dateTested: today,
    batchId: '',
    notes: '',
    rating: null,
    tested: true,
    maturationPeriod: DEFAULT_MATURATION_HOURS,
  }
}
