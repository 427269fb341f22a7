import { describe, expect, it } from 'vitest'
import { latestTodayOnEarth, MADE_AFTER_TODAY_MESSAGE, madeDateProblemOn } from '#shared/domain/made-date.ts'
import { byTestDate, requestTestDates, TEST_BEFORE_MADE_MESSAGE, testDatesProblem, testDay } from '#shared/domain/test-dates.ts'

describe("a test entry's days", () => {
  it('refuses a test dated before the making, and takes the same day', () => {
    expect(testDatesProblem('2026-11-20', '2026-11-19')).toBe(TEST_BEFORE_MADE_MESSAGE)
    expect(testDatesProblem('2026-11-20', '2026-11-20')).toBeNull()
    expect(testDatesProblem('2026-11-20', '2026-11-24')).toBeNull()
    expect(testDatesProblem('2026-11-20', null)).toBeNull()
  })

  it('counts the day of a test as the midnights since the making', () => {
    expect(testDay('2026-11-20', '2026-11-20')).toBe(0)
    expect(testDay('2026-11-20', '2026-11-24')).toBe(4)
    expect(testDay('2026-12-31', '2027-01-01')).toBe(1)
    expect(testDay('2026-11-20', null)).toBeNull()
    // An older row dated before the making shows day 0; a value still an ISO date-time is read as its day.
    expect(testDay('2026-11-20', '2026-11-18')).toBe(0)
    expect(testDay('2026-11-19T11:00:00.000Z', '2026-11-24T03:15:27.000Z')).toBe(4)
    expect(testDay('garbage', '2026-11-24')).toBeNull()
  })

  it('reads the days a request sends: dates as they are, older ISO date-times as the days they stood for', () => {
    const now = new Date('2026-11-24T23:30:00.000Z')
    expect(requestTestDates({ dateMade: '2026-11-20', dateTested: '2026-11-22' }, 'UTC', now)).toEqual({
      dateMade: '2026-11-20',
      dateTested: '2026-11-22',
    })
    // Midnight in Auckland (UTC+13) sent as UTC, and a test saved "now" read in the same offset.
    expect(requestTestDates({ dateMade: '2026-11-19T11:00:00.000Z', dateTested: '2026-11-24T03:15:27.123Z' }, 'UTC', now)).toEqual({
      dateMade: '2026-11-20',
      dateTested: '2026-11-24',
    })
    // Omitted: tested today (in the zone given; UTC on the server), made the same day; null stays untested.
    expect(requestTestDates({}, 'UTC', now)).toEqual({ dateMade: '2026-11-24', dateTested: '2026-11-24' })
    expect(requestTestDates({}, 'Pacific/Auckland', now)).toEqual({ dateMade: '2026-11-25', dateTested: '2026-11-25' })
    expect(requestTestDates({ dateMade: '2026-11-20', dateTested: null }, 'UTC', now)).toEqual({ dateMade: '2026-11-20', dateTested: null })
  })
})

describe('made days and the order of tests (decision 052)', () => {
  it('keeps a made day to today: the server by the latest day on Earth, the form by the maker’s', () => {
    // 11:00 UTC on 27 Nov is already 28 Nov at UTC+14, not yet 29 Nov anywhere.
    const now = new Date('2026-11-27T11:00:00Z')
    expect(latestTodayOnEarth(now)).toBe('2026-11-28')
    expect(latestTodayOnEarth(new Date('2026-11-27T09:59:00Z'))).toBe('2026-11-27')
    expect(madeDateProblemOn('2026-11-26', '2026-11-27')).toBeNull()
    expect(madeDateProblemOn('2026-11-27', '2026-11-27')).toBeNull()
    expect(madeDateProblemOn('2026-11-28', '2026-11-27')).toBe(MADE_AFTER_TODAY_MESSAGE)
  })

  it('lists tests by the day tested, oldest first, whatever order they were typed in; untested last', () => {
    const entry = (id: number, dateMade: string, dateTested: string | null) => ({ id, dateMade, dateTested })
    const typed = [
      entry(1, '2026-11-01', '2026-11-20'),
      entry(2, '2026-11-01', null),
      entry(3, '2026-11-01', '2026-11-03'),
      entry(4, '2026-11-05', '2026-11-20'),
      entry(5, '2026-10-30', '2026-11-20'),
      // An older date-time value, 10 Nov where it was typed.
      entry(6, '2026-11-01', '2026-11-10T00:00:00.000+13:00'),
    ]
    expect(byTestDate(typed).map((e) => e.id)).toEqual([3, 6, 5, 1, 4, 2])
  })
})
