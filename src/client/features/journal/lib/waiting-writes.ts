import { calendarDateIn } from '#shared/domain/calendar-date.ts'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { CreateJournalEntry, JournalEntry } from '#shared/api/journal.ts'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'
import type { PendingWrite } from '#client/lib/offline/outbox-state.ts'
import { withEntryRating } from '#client/features/journal/lib/rating-points.ts'

/**
 * Writes made on this device and not yet on the server, shown where they belong (decision 039):
 * a test entry waiting to be sent is in its version's list, counted and charted; a rating or
 * notes waiting replace the entry's. Each is marked until the server has it.
 */

/** An entry, or a change to one, that the server does not have yet. */
export type WaitingEntry = JournalEntry & { waitingToSync: true }

export const isWaiting = (entry: JournalEntry): entry is WaitingEntry => (entry as Partial<WaitingEntry>).waitingToSync === true

/** What a test entry waiting to be sent is called until the server gives it its TB- reference. */
export const WAITING_ENTRY_REFERENCE = 'New test entry'

const ENTRY_PATCH = /^\/api\/journal-entries\/(\d+)$/

/** A stable negative id for a waiting entry (real ids are positive), from its idempotency key. */
function waitingId(key: string): number {
  let hash = 0
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return -(Math.abs(hash) + 1)
}

/** The entry the server would make of a queued POST, with what the user gave; dates are kept as sent. */
function entryOf(write: PendingWrite, blend: BlendDetail): WaitingEntry | null {
  const body = write.body as Partial<CreateJournalEntry> | null
  const version = blend.versions.find((v) => v.id === body?.versionId)
  if (!body || !version) return null
  // An entry sent without dates is dated the day it was written, as the form would have (decision 036).
  const written = calendarDateIn(new Date(write.queuedAt))
  const dateMade = typeof body.dateMade === 'string' ? body.dateMade : written
  const dateTested = body.dateTested === null ? null : typeof body.dateTested === 'string' ? body.dateTested : written
  return {
    id: waitingId(write.idempotencyKey),
    versionId: version.id,
    projectId: blend.id,
    referenceNumber: WAITING_ENTRY_REFERENCE,
    blendName: blend.name,
    dateMade,
    dateTested,
    batchId: body.batchId ?? null,
    notes: body.notes ?? null,
    rating: body.rating ?? null,
    tested: body.tested ?? true,
    maturationPeriod: body.maturationPeriod ?? TRACKING_DEFAULTS.maturationPeriod,
    maturationComplete: body.maturationComplete ?? TRACKING_DEFAULTS.maturationComplete,
    crossContaminationPrevented: body.crossContaminationPrevented ?? TRACKING_DEFAULTS.crossContaminationPrevented,
    weighedInGrams: body.weighedInGrams ?? TRACKING_DEFAULTS.weighedInGrams,
    topOils: version.topOils,
    middleOils: version.middleOils,
    baseOils: version.baseOils,
    createdAt: write.queuedAt,
    waitingToSync: true,
  }
}

/** The blend with the writes waiting on this device in it; the same object when none concern it. */
export function withWaitingWrites(blend: BlendDetail, pending: readonly PendingWrite[]): BlendDetail {
  if (pending.length === 0) return blend
  let entries = blend.entries
  let ratings = blend.ratings
  let added = 0
  const perVersion = new Map<number, number>()
  for (const write of pending) {
    if (write.method === 'POST' && write.path === '/api/journal-entries') {
      const entry = entryOf(write, blend)
      if (!entry || entries.some((e) => e.id === entry.id)) continue
      entries = [...entries, entry]
      ratings = withEntryRating(ratings, entry)
      added += 1
      perVersion.set(entry.versionId, (perVersion.get(entry.versionId) ?? 0) + 1)
      continue
    }
    const patched = write.method === 'PATCH' ? ENTRY_PATCH.exec(write.path) : null
    if (!patched) continue
    const id = Number(patched[1])
    const change = write.body as { rating?: number | null; notes?: string | null }
    const index = entries.findIndex((e) => e.id === id)
    if (index < 0) continue
    const entry: WaitingEntry = {
      ...entries[index]!,
      ...(change.rating !== undefined ? { rating: change.rating } : {}),
      ...(change.notes !== undefined ? { notes: change.notes } : {}),
      waitingToSync: true,
    }
    entries = entries.map((e, i) => (i === index ? entry : e))
    ratings = withEntryRating(ratings, entry)
  }
  if (entries === blend.entries) return blend
  return {
    ...blend,
    entries,
    ratings,
    testCount: blend.testCount + added,
    versions: blend.versions.map((v) => (perVersion.has(v.id) ? { ...v, testCount: v.testCount + perVersion.get(v.id)! } : v)),
  }
}
