import { describe, expect, it } from 'vitest'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { PendingWrite } from '#client/lib/offline/outbox-state.ts'
import { isWaiting, withWaitingWrites, WAITING_ENTRY_REFERENCE } from '#client/features/journal/lib/waiting-writes.ts'
import { calendarDateIn } from '#shared/domain/calendar-date.ts'

const oils = [{ id: 1, name: 'Lavender', percentage: 100 }]
const version = (id: number, letter: string, testCount: number) =>
  ({
    id,
    referenceNumber: `001${letter}`,
    testCount,
    topOils: oils,
    middleOils: oils,
    baseOils: oils,
  }) as unknown as BlendDetail['versions'][number]
const entry = (id: number, versionId: number, extra: Partial<JournalEntry> = {}) =>
  ({
    id,
    versionId,
    projectId: 7,
    referenceNumber: `TB-001a-00${id}`,
    rating: null,
    notes: null,
    dateMade: '2026-11-01',
    dateTested: '2026-11-02',
    ...extra,
  }) as JournalEntry

const blend: BlendDetail = {
  id: 7,
  name: 'Rose Garden',
  description: null,
  blendNumber: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  referenceNumber: '001a',
  versionCount: 2,
  testCount: 1,
  versions: [version(10, 'a', 1), version(11, 'b', 0)],
  entries: [entry(1, 10, { rating: 3 })],
  entriesNextCursor: null,
  copiedFromShare: false,
  ratings: [{ entryId: 1, versionId: 10, dateMade: '2026-11-01', dateTested: '2026-11-02', rating: 3 }],
}

const post = (key: string, body: object): PendingWrite => ({
  idempotencyKey: key,
  method: 'POST',
  path: '/api/journal-entries',
  body,
  queuedAt: '2026-11-24T10:00:00.000Z',
})

describe('writes waiting on the device, shown where they belong (decision 039)', () => {
  it('puts a waiting test entry under its version, counted and charted, marked', () => {
    const shown = withWaitingWrites(blend, [
      post('k1', { versionId: 11, notes: 'Bright top', rating: 5, dateMade: '2026-11-20', dateTested: '2026-11-24' }),
    ])
    expect(shown.testCount).toBe(2)
    expect(shown.versions.map((v) => v.testCount)).toEqual([1, 1])
    const added = shown.entries.at(-1)!
    expect(isWaiting(added)).toBe(true)
    expect(added).toMatchObject({
      versionId: 11,
      projectId: 7,
      notes: 'Bright top',
      rating: 5,
      referenceNumber: WAITING_ENTRY_REFERENCE,
      blendName: 'Rose Garden',
      topOils: oils,
    })
    // The dates are kept exactly as they were sent.
    expect([added.dateMade, added.dateTested]).toEqual(['2026-11-20', '2026-11-24'])
    expect(added.id).toBeLessThan(0)
    expect(shown.ratings.map((r) => [r.entryId, r.rating])).toEqual([
      [1, 3],
      [added.id, 5],
    ])
  })

  it('dates an entry sent without dates by the day it was written on this device, as the form would', () => {
    const added = withWaitingWrites(blend, [post('k1', { versionId: 10 })]).entries.at(-1)!
    const day = calendarDateIn(new Date('2026-11-24T10:00:00.000Z'))
    expect([added.dateMade, added.dateTested]).toEqual([day, day])
    expect(day).toMatch(/^2026-11-2[45]$/)
    expect(added.rating).toBeNull()
  })

  it('shows a rating or notes waiting on an entry in place of the server’s, marked', () => {
    const shown = withWaitingWrites(blend, [
      { idempotencyKey: 'k2', method: 'PATCH', path: '/api/journal-entries/1', body: { rating: 5 }, queuedAt: '2026-11-24T10:00:00.000Z' },
      {
        idempotencyKey: 'k3',
        method: 'PATCH',
        path: '/api/journal-entries/1',
        body: { notes: 'Softer now' },
        queuedAt: '2026-11-24T10:01:00.000Z',
      },
    ])
    expect(shown.testCount).toBe(1)
    expect(shown.entries).toHaveLength(1)
    expect(shown.entries[0]).toMatchObject({ id: 1, rating: 5, notes: 'Softer now' })
    expect(isWaiting(shown.entries[0]!)).toBe(true)
    expect(shown.ratings.map((r) => r.rating)).toEqual([5])
  })

  it('leaves a blend alone when nothing waiting is about it, and counts each entry once', () => {
    expect(withWaitingWrites(blend, [post('k1', { versionId: 99 })])).toBe(blend)
    expect(withWaitingWrites(blend, [])).toBe(blend)
    const twice = withWaitingWrites(blend, [post('same', { versionId: 10 }), post('same', { versionId: 10 })])
    expect(twice.testCount).toBe(2)
    expect(isWaiting(blend.entries[0]!)).toBe(false)
  })
})
