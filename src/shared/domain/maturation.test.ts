import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dateInputToIso,
  maturationState,
  newTestEntryDraft,
  readyToTestAt,
  toDateInputValue,
} from '#shared/domain/maturation.ts'

describe('maturation', () => {
  it('is ready to test the made date plus the maturation period in hours', () => {
    expect(readyToTestAt('2025-03-01T10:00:00.000Z', 48).toISOString()).toBe('2025-03-03T10:00:00.000Z')
    expect(readyToTestAt('2025-03-01T10:00:00.000Z', 0).toISOString()).toBe('2025-03-01T10:00:00.000Z')
  })

  it('is maturing until the ready date and matured from then on', () => {
    const entry = { dateMade: '2025-03-01T10:00:00.000Z', maturationPeriod: 48 }
    expect(maturationState(entry, new Date('2025-03-03T09:59:59.999Z'))).toEqual({
      status: 'maturing',
      readyAt: new Date('2025-03-03T10:00:00.000Z'),
    })
    expect(maturationState(entry, new Date('2025-03-03T10:00:00.000Z')).status).toBe('matured')
  })

  it('the ready date is never before the made date', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }), fc.nat(24 * 365), (made, hours) => {
        expect(readyToTestAt(made, hours).getTime() - made.getTime()).toBe(hours * 3_600_000)
      }),
    )
  })
})

describe('the add-test form', () => {
  it('starts with today’s date, no notes, no rating, tested, 48 hours', () => {
    expect(newTestEntryDraft(new Date(2025, 2, 9, 15, 30))).toEqual({
      date: '2025-03-09',
      notes: '',
      rating: null,
      tested: true,
      maturationPeriod: 48,
    })
  })

  it('turns a date input value into the start of that local day', () => {
    expect(dateInputToIso('2025-03-09')).toBe(new Date(2025, 2, 9).toISOString())
    expect(dateInputToIso('2025-02-30')).toBeNull()
    expect(dateInputToIso('')).toBeNull()
  })

  it('round-trips a day through the date input', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) }), (date) => {
        const iso = dateInputToIso(toDateInputValue(date))!
        expect(toDateInputValue(new Date(iso))).toBe(toDateInputValue(date))
      }),
    )
  })
})
