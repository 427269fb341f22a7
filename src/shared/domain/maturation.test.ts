import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maturationState, newTestEntryDraft, readyToTestAt } from '#shared/domain/maturation.ts'

describe('maturation', () => {
  it('is ready to test the made date plus the maturation period in hours', () => {
    expect(readyToTestAt('2025-03-01T10:00:00.000Z', 48).toISOString()).toBe('2025-03-03T10:00:00.000Z')
    expect(readyToTestAt('2025-03-01T10:00:00.000Z', 0).toISOString()).toBe('2025-03-01T10:00:00.000Z')
  })

  it('a test entry is maturing until its ready day and matured from that day on', () => {
    const entry = { dateMade: '2025-03-01', maturationPeriod: 48 }
    expect(maturationState(entry, '2025-03-02')).toEqual({ status: 'maturing', readyOn: '2025-03-03' })
    expect(maturationState(entry, '2025-03-03')).toEqual({ status: 'matured', readyOn: '2025-03-03' })
    // Hours round up to whole days; no maturation is ready the day it was made.
    expect(maturationState({ dateMade: '2025-03-01', maturationPeriod: 25 }, '2025-03-02').readyOn).toBe('2025-03-03')
    expect(maturationState({ dateMade: '2025-03-01', maturationPeriod: 0 }, '2025-03-01').status).toBe('matured')
  })

  it("counts a version's made moment from its day in the maker's zone", () => {
    // 00:30 on 1 March in Auckland (UTC+13) is still 28 February in UTC.
    const version = { dateMade: '2025-02-28T11:30:00.000Z', maturationPeriod: 24 }
    expect(maturationState(version, '2025-03-02', 'Pacific/Auckland')).toEqual({ status: 'matured', readyOn: '2025-03-02' })
    expect(maturationState(version, '2025-02-28', 'UTC')).toEqual({ status: 'maturing', readyOn: '2025-03-01' })
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
  it('starts made and tested today, no batch, no notes, no rating, tested, 48 hours', () => {
    expect(newTestEntryDraft('2025-03-09')).toEqual({
      dateMade: '2025-03-09',
      dateTested: '2025-03-09',
      batchId: '',
      notes: '',
      rating: null,
      tested: true,
      maturationPeriod: 48,
    })
  })
})
