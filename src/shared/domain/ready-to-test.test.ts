import { describe, expect, it } from 'vitest'
import { addTestPath, readAddTestTarget } from '#shared/domain/add-test-link.ts'
import { batchReadyAt, isReadyToTest, testedSince, versionMadeOn, versionReadyAt } from '#shared/domain/ready-to-test.ts'

describe('ready to test', () => {
  it('a version is ready its maturation period after it was made', () => {
    const made = new Date('2026-11-24T10:30:00.000Z')
    expect(versionReadyAt(made, 48).toISOString()).toBe('2026-11-26T10:30:00.000Z')
    expect(versionReadyAt(made, 0).toISOString()).toBe(made.toISOString())
    expect(versionReadyAt(made, -5).toISOString()).toBe(made.toISOString())
  })

  it("a batch is ready from the start of its ready day at the maker's midnight", () => {
    expect(batchReadyAt('2026-11-24', 48, 'UTC').toISOString()).toBe('2026-11-26T00:00:00.000Z')
    // Auckland in summer is UTC+13: its midnight is 11:00 the day before in UTC.
    expect(batchReadyAt('2026-11-24', 48, 'Pacific/Auckland').toISOString()).toBe('2026-11-25T11:00:00.000Z')
    expect(batchReadyAt('2026-11-24', 48, 'America/New_York').toISOString()).toBe('2026-11-26T05:00:00.000Z')
    // 25 hours round up to two days; 0 hours is the same day.
    expect(batchReadyAt('2026-11-24', 25, 'UTC').toISOString()).toBe('2026-11-26T00:00:00.000Z')
    expect(batchReadyAt('2026-11-24', 0, 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z')
  })

  it("a version's made day is the maker's", () => {
    const made = new Date('2026-11-24T23:30:00.000Z')
    expect(versionMadeOn(made, 'UTC')).toBe('2026-11-24')
    expect(versionMadeOn(made, 'Europe/Paris')).toBe('2026-11-25')
  })

  it('a test dated on or after the made day counts, an earlier one does not', () => {
    expect(testedSince('2026-11-24', '2026-11-24')).toBe(true)
    expect(testedSince('2026-11-24', '2026-11-26')).toBe(true)
    expect(testedSince('2026-11-24', '2026-11-23')).toBe(false)
    expect(testedSince('2026-11-24', null)).toBe(false)
    // An older ISO date-time is read as the date it stood for.
    expect(testedSince('2026-11-24', '2026-11-25T12:00:00.000Z')).toBe(true)
  })

  it('is ready once matured and until tested', () => {
    const readyAt = new Date('2026-11-26T00:00:00.000Z')
    const before = new Date('2026-11-25T23:59:59.000Z')
    const after = new Date('2026-11-26T00:00:00.000Z')
    expect(isReadyToTest({ readyAt, madeOn: '2026-11-24', testDates: [] }, before)).toBe(false)
    expect(isReadyToTest({ readyAt, madeOn: '2026-11-24', testDates: [] }, after)).toBe(true)
    expect(isReadyToTest({ readyAt, madeOn: '2026-11-24', testDates: ['2026-11-20'] }, after)).toBe(true)
    expect(isReadyToTest({ readyAt, madeOn: '2026-11-24', testDates: ['2026-11-20', '2026-11-26'] }, after)).toBe(false)
  })

  it("links to the blend's add-test form", () => {
    expect(addTestPath(12, 34)).toBe('/journal?blend=12#add-test-34')
  })

  it('names the batch and its made day, and reads them back from the address', () => {
    const path = addTestPath(12, 34, { batchId: 7, madeOn: '2026-11-24' })
    expect(path).toBe('/journal?blend=12&batch=7&made=2026-11-24#add-test-34')
    expect(readAddTestTarget(path.slice(path.indexOf('?'), path.indexOf('#')))).toEqual({ batchId: 7, madeOn: '2026-11-24' })
    // A version's own row names only its made day.
    expect(addTestPath(12, 34, { batchId: null, madeOn: '2026-11-20' })).toBe('/journal?blend=12&made=2026-11-20#add-test-34')
    expect(readAddTestTarget('?blend=12&made=2026-11-20')).toEqual({ batchId: null, madeOn: '2026-11-20' })
  })

  it('ignores an address without a real made day, and a batch that is not an id', () => {
    expect(readAddTestTarget('?blend=12')).toBeNull()
    expect(readAddTestTarget('?blend=12&made=2026-02-30&batch=7')).toBeNull()
    expect(readAddTestTarget('?made=2026-11-24&batch=x1')).toEqual({ batchId: null, madeOn: '2026-11-24' })
  })
})
