/**
 * Calendar dates as the maker lived them (docs/product.md "Time as the maker lived it"): a test's
 * made and tested days are dates, `YYYY-MM-DD`, never moments, so no server or phone in another
 * zone can move them. Day counts are the number of midnights between two dates: made and tested
 * the same day is day 0. One module for the server, the client, the chart, the export and the
 * share page.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type CalendarDate = string

const DAY_MS = 24 * 60 * 60 * 1000
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The date's midnight in UTC, as milliseconds: a day number that no zone moves; null if malformed. */
function utcMidnight(date: string): number | null {
  const match = DATE_RE.exec(date)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, day)
  const check = new Date(ms)
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  if (year < 100) check.setUTCFullYear(year)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
  return check.getTime()
}

/** True for a real calendar date written `YYYY-MM-DD` (so 2026-02-29 is not). */
export function isCalendarDate(value: string): boolean {
  return utcMidnight(value) !== null
}

function fromUtcMs(ms: number): CalendarDate {
  const d = new Date(ms)
  const year = d.getUTCFullYear()
  return `${String(year).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`
}

function mustParse(date: CalendarDate): number {
  const ms = utcMidnight(date)
  if (ms === null) throw new RangeError(`Not a calendar date: ${date}`)
  return ms
}

/**
 * The number of midnights from `made` to `tested`: the day of the test, counting the day the batch
 * was made as day 0. Negative when the test is dated before the making (which the API refuses).
 */
export function daysBetween(made: CalendarDate, tested: CalendarDate): number {
  return Math.round((mustParse(tested) - mustParse(made)) / DAY_MS)
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMs(mustParse(date) + days * DAY_MS)
}

/** Which is earlier: negative, 0 or positive, like a sort comparator. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? ''
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(key, f)
  }
  return f
}

function wallClock(moment: Date, timeZone: string | undefined) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** The calendar date a moment falls on in a time zone (an IANA name; the device's own when omitted). */
export function calendarDateIn(moment: Date, timeZone?: string): CalendarDate {
  const { year, month, day } = wallClock(moment, timeZone)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Today in a time zone (the device's own when omitted). */
export function todayIn(timeZone?: string, now: Date = new Date()): CalendarDate {
  return calendarDateIn(now, timeZone)
}

/** The zone's offset from UTC at a moment, in minutes (Auckland in summer: +780). */
export function zoneOffsetMinutes(moment: Date, timeZone: string): number {
  const w = wallClock(moment, timeZone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return Math.round((asUtc - Math.floor(moment.getTime() / 1000) * 1000) / 60_000)
}

/**
 * The moment a calendar date begins in a time zone: its first instant, which is not always 00:00
 * (a zone that springs forward at midnight starts the day at 01:00).
 */
export function startOfDayIn(date: CalendarDate, timeZone: string): Date {
  const midnight = mustParse(date)
  // Guess with the offset at UTC midnight, then correct once with the offset at the guess.
  let guess = midnight - zoneOffsetMinutes(new Date(midnight), timeZone) * 60_000
  guess = midnight - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000
  // A gap at midnight: the guess lands on the previous day's end or in the gap; step to the day's first instant.
  if (calendarDateIn(new Date(guess), timeZone) !== date) {
    for (let step = 15; step <= 180; step += 15) {
      const later = guess + step * 60_000
      if (calendarDateIn(new Date(later), timeZone) === date) return new Date(later)
    }
  }
  return new Date(guess)
}

/** True for a time zone name this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/**
 * The first day a batch is ready to test: the day it was made plus its maturation period in whole
 * days, rounded up (48 hours: two days after making; 0 hours: the same day).
 */
export function readyOn(made: CalendarDate, maturationHours: number): CalendarDate {
  return addDays(made, Math.max(0, Math.ceil(maturationHours / 24)))
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "20 Nov"; with `withYear`, "20 Nov 2026". Formatted from the date itself, so no zone moves it. */
export function formatCalendarDate(date: CalendarDate, options: { withYear?: boolean } = {}): string {
  const d = new Date(mustParse(date))
  const text = `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]}`
  return options.withYear ? `${text} ${d.getUTCFullYear()}` : text
}

/**
 * The calendar date a stored ISO date-time stood for, for rows written before dates were stored as
 * dates (migration 0015, and imports of older exports). The app used to send local midnight as
 * UTC, so a time of day that is a whole quarter-hour with no seconds is read as midnight in the zone
 * whose offset it implies. Offsets from UTC-10:00 to UTC+13:45 are assumed where two zones share a
 * clock reading (UTC+12 over UTC-12, UTC+13 over UTC-11, UTC-10 over UTC+14), since those are where
 * people live. Any other moment (a test saved "now") is read in the offset `hint` implies, the same
 * row's made date, and otherwise as UTC. A string that is already a date is returned as it is.
 */
export function legacyCalendarDate(iso: string, hint?: string | null): CalendarDate | null {
  if (isCalendarDate(iso)) return iso
  const ms = Date.parse(iso)
  if (!Number.isFinite(ms)) return null
  const offset = midnightOffsetMinutes(ms) ?? (hint ? midnightOffsetMinutes(Date.parse(hint)) : null) ?? 0
  return fromUtcMs(Math.floor((ms + offset * 60_000) / DAY_MS) * DAY_MS)
}

/** The UTC offset, in minutes, in which a moment is local midnight, or null when it is not one. */
function midnightOffsetMinutes(ms: number): number | null {
  if (!Number.isFinite(ms) || ms % 60_000 !== 0) return null
  const minuteOfDay = (((ms / 60_000) % 1440) + 1440) % 1440
  if (minuteOfDay % 15 !== 0) return null
  // Local midnight at offset o is UTC minute (1440 - o) mod 1440: o = -minuteOfDay, folded into [-600, +825].
  let offset = -minuteOfDay
  if (offset < -600) offset += 1440
  return offset
}
