import { formatCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** '9 Mar 2025' (in the reader's locale). */
export function formatDate(value: string | Date): string {
  return dateFormat.format(new Date(value))
}

/** A date, with the time only when it is not the start of the day. */
export function formatMoment(value: string | Date): string {
  const date = new Date(value)
  const midnight = date.getHours() === 0 && date.getMinutes() === 0
  return (midnight ? dateFormat : dateTimeFormat).format(date)
}

/** A calendar day as the journal writes it: '20 Nov', with the year when it is not this year's ('20 Nov 2025'). */
export function formatDay(date: CalendarDate, today: CalendarDate): string {
  return formatCalendarDate(date, { withYear: date.slice(0, 4) !== today.slice(0, 4) })
}
