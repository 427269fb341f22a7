import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  calendarDateIn,
  daysBetween,
  formatCalendarDate,
  isCalendarDate,
  isTimeZone,
  legacyCalendarDate,
  readyOn,
  startOfDayIn,
  zoneOffsetMinutes,
} from '#shared/domain/calendar-date.ts'

/** Zones from UTC-12 to UTC+14, with daylight saving at 02:00, at midnight, by 30 minutes, and none. */
const ZONES = [
  'Etc/GMT+12', // UTC-12
  'Pacific/Pago_Pago', // UTC-11
  'Pacific/Honolulu', // UTC-10
  'America/Los_Angeles',
  'America/St_Johns', // -3:30, with DST
  'America/Santiago', // DST changes at midnight
  'America/Havana', // DST changes at midnight
  'UTC',
  'Europe/London',
  'Asia/Beirut', // DST changes at midnight
  'Asia/Kathmandu', // +5:45
  'Australia/Lord_Howe', // 30-minute DST
  'Pacific/Auckland',
  'Pacific/Chatham', // +12:45 / +13:45
  'Pacific/Kiritimati', // UTC+14
]

const dates = fc
  .date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => calendarDateIn(d, 'UTC'))
const recentMoments = fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
const zones = fc.constantFrom(...ZONES)

describe('calendar dates', () => {
  it.each([
    ['2026-11-20', '2026-11-24', 4],
    ['2026-11-24', '2026-11-24', 0],
    ['2026-11-23', '2026-11-24', 1],
    ['2026-01-31', '2026-03-01', 29],
    ['2028-02-28', '2028-03-01', 2],
    ['2025-12-31', '2026-01-01', 1],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-11-24', '2026-11-20', -4],
  ])('counts the midnights from %s to %s as %s', (made, tested, days) => {
    expect(daysBetween(made, tested)).toBe(days)
  })

  it('knows real dates from malformed or impossible ones', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-13-01')).toBe(false)
    expect(isCalendarDate('2026-11-24T00:00:00Z')).toBe(false)
    expect(isCalendarDate('0099-01-01')).toBe(true)
  })

  it('adding n days then counting gives n, across month ends, leap days and centuries', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        const later = addDays(date, n)
        expect(isCalendarDate(later)).toBe(true)
        expect(daysBetween(date, later)).toBe(n)
        expect(addDays(later, -n)).toBe(date)
      }),
    )
  })

  it('a day in any zone begins at an instant on that day, and the instant before is the day before', () => {
    fc.assert(
      fc.property(zones, recentMoments, (zone, moment) => {
        const date = calendarDateIn(moment, zone)
        const start = startOfDayIn(date, zone)
        expect(calendarDateIn(start, zone)).toBe(date)
        expect(calendarDateIn(new Date(start.getTime() - 1), zone)).toBe(addDays(date, -1))
        expect(start.getTime()).toBeLessThanOrEqual(moment.getTime())
      }),
      { numRuns: 400 },
    )
  })

  it('counts the midnights two moments straddle in the maker’s zone, whatever the daylight saving', () => {
    fc.assert(
      fc.property(zones, recentMoments, fc.integer({ min: 0, max: 90 * 24 * 60 }), (zone, made, minutesLater) => {
        const tested = new Date(made.getTime() + minutesLater * 60_000)
        const madeOn = calendarDateIn(made, zone)
        const testedOn = calendarDateIn(tested, zone)
        // Walk the midnights one by one: each day's start that falls in (made, tested] is one.
        let midnights = 0
        for (let d = addDays(madeOn, 1); startOfDayIn(d, zone).getTime() <= tested.getTime(); d = addDays(d, 1)) midnights += 1
        expect(daysBetween(madeOn, testedOn)).toBe(midnights)
      }),
      { numRuns: 200 },
    )
  })

  it('a date chosen in Auckland stays that date for a server in UTC and a phone in Los Angeles', () => {
    // The maker picks 20 Nov on a date input: that string is what is stored and shown everywhere.
    const chosen = '2026-11-20'
    expect(formatCalendarDate(chosen)).toBe('20 Nov')
    expect(daysBetween(chosen, calendarDateIn(new Date('2026-11-23T23:30:00Z'), 'Pacific/Auckland'))).toBe(4)
    expect(daysBetween(chosen, calendarDateIn(new Date('2026-11-23T23:30:00Z'), 'America/Los_Angeles'))).toBe(3)
  })

  it('knows zone offsets and names', () => {
    expect(zoneOffsetMinutes(new Date('2026-11-24T00:00:00Z'), 'Pacific/Auckland')).toBe(780)
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'America/Los_Angeles')).toBe(-420)
    expect(isTimeZone('Pacific/Auckland')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })

  it('a batch is ready the day it was made plus its maturation in whole days, rounded up', () => {
    expect(readyOn('2026-11-24', 48)).toBe('2026-11-26')
    expect(readyOn('2026-11-24', 0)).toBe('2026-11-24')
    expect(readyOn('2026-11-24', 1)).toBe('2026-11-25')
    expect(readyOn('2026-02-27', 72)).toBe('2026-03-02')
  })

  it('formats with the year when asked', () => {
    expect(formatCalendarDate('2026-01-05', { withYear: true })).toBe('5 Jan 2026')
  })
})

describe('dates stored as moments before migration 0015', () => {
  it.each([
    // Auckland's 20 Nov (UTC+13) was sent as 19 Nov 11:00 UTC.
    ['2026-11-19T11:00:00.000Z', '2026-11-20'],
    // Los Angeles' 20 Nov (UTC-8) was sent as 20 Nov 08:00 UTC.
    ['2026-11-20T08:00:00.000Z', '2026-11-20'],
    // London's 20 Nov in winter is UTC midnight.
    ['2026-11-20T00:00:00.000Z', '2026-11-20'],
    // Kathmandu (+5:45).
    ['2026-11-19T18:15:00.000Z', '2026-11-20'],
    // Honolulu (-10) wins over Kiritimati (+14) for the same clock reading.
    ['2026-11-20T10:00:00.000Z', '2026-11-20'],
    ['2026-11-20', '2026-11-20'],
  ])('reads %s as %s', (iso, date) => {
    expect(legacyCalendarDate(iso)).toBe(date)
  })

  it('reads a moment that is no midnight in the zone its row’s made date implies', () => {
    // Made 20 Nov in Auckland; tested "now" at 21 Nov 22:30 UTC, which is 22 Nov in Auckland.
    expect(legacyCalendarDate('2026-11-21T22:30:12.345Z', '2026-11-19T11:00:00.000Z')).toBe('2026-11-22')
    expect(legacyCalendarDate('2026-11-21T22:30:12.345Z')).toBe('2026-11-21')
    expect(legacyCalendarDate('not a date')).toBeNull()
  })

  it('gives back the day the maker saw for any zone from UTC-10 to UTC+13:45', () => {
    const livedZones = ZONES.filter((z) => !['Etc/GMT+12', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].includes(z))
    fc.assert(
      fc.property(fc.constantFrom(...livedZones), recentMoments, (zone, moment) => {
        const date = calendarDateIn(moment, zone)
        const start = startOfDayIn(date, zone)
        // The old client sent local midnight; a midnight skipped by daylight saving cannot be sent.
        fc.pre(calendarDateIn(new Date(start.getTime() - 1), zone) !== date && zoneOffsetMinutes(start, zone) % 15 === 0)
        expect(legacyCalendarDate(start.toISOString())).toBe(date)
      }),
      { numRuns: 400 },
    )
  })
})
