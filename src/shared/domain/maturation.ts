/**
 * Maturation of a tested batch (docs/product.md §3 "Journal entry", §4 "Test entry", §9): a blend rests
 * for its maturation period (48 hours by default) after it is made before it is ready to test.
 */

export const DEFAULT_MATURATION_HOURS = 48

/**
 * The test-tracking fields a blend version and a test entry share (docs/product.md §3), with the spec's
 * defaults. `tested` differs: a new version is untested, a new test entry is tested.
 */
export interface Tracking {
  tested: boolean
  maturationPeriod: number
  maturationComplete: boolean
  crossContaminationPrevented: boolean
  weighedInGrams: boolean
}
export const TRACKING_DEFAULTS: Omit<Tracking, 'tested'> = {
  maturationPeriod: DEFAULT_MATURATION_HOURS,
  maturationComplete: false,
  crossContaminationPrevented: true,
  weighedInGrams: false,
}
const HOUR_MS = 60 * 60 * 1000

/** When the batch is ready to test: the day it was made plus its maturation period in hours. */
export function readyToTestAt(dateMade: string | Date, maturationHours: number): Date {
  return new Date(new Date(dateMade).getTime() + maturationHours * HOUR_MS)
}

export type MaturationState = { status: 'maturing'; readyAt: Date } | { status: 'matured'; readyAt: Date }

/** Maturing until the ready date, matured from then on. */
export function maturationState(
  entry: { dateMade: string | Date; maturationPeriod: number },
  now: Date,
): MaturationState {
  const readyAt = readyToTestAt(entry.dateMade, entry.maturationPeriod)
  return now.getTime() >= readyAt.getTime() ? { status: 'matured', readyAt } : { status: 'maturing', readyAt }
}

/** A date input's value (YYYY-MM-DD) for a moment, in local time. */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The start (local midnight) of a date input's day, as an ISO date-time; null for a malformed value. */
export function dateInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const date = new Date(year, month - 1, day)
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null
  return date.toISOString()
}

/** What the add-test form starts with (docs/product.md §4): today's date, no notes, no rating, tested, 48 h. */
export interface TestEntryDraft {
  date: string
  notes: string
  rating: number | null
  tested: boolean
  maturationPeriod: number
}

export function newTestEntryDraft(today: Date): TestEntryDraft {
  return { date: toDateInputValue(today), notes: '', rating: null, tested: true, maturationPeriod: DEFAULT_MATURATION_HOURS }
}
