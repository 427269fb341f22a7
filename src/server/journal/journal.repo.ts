import type { VersionOil } from '#shared/api/blends.ts'
import type { CreateJournalEntry, JournalEntry } from '#shared/api/journal.ts'
import { testEntryReference } from '#shared/domain/references.ts'
import { nextSequence, touchProject, touchUserData, type Executor } from '#server/blends/counters.repo.ts'
import { trackingColumns, trackingOf } from '#server/blends/tracking.ts'
import { decodeCursor, encodeCursor } from '#server/http/cursor.ts'

/**
 * Test entries, scoped by the signed-in user in every query. Functions take their executor first
 * and run in the transaction their caller opened (src/server/blends/counters.repo.ts).
 */

function entryQuery(ex: Executor, userId: string) {
  return ex
    .selectFrom('journal_entries as e')
    .innerJoin('blend_versions as v', 'v.id', 'e.version_id')
    .innerJoin('blend_projects as p', 'p.id', 'e.project_id')
    .where('e.user_id', '=', userId)
    .selectAll('e')
    .select(['p.name as blend_name', 'v.top_oils', 'v.middle_oils', 'v.base_oils'])
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['execute']>>[number]

type Oils = Pick<JournalEntry, 'topOils' | 'middleOils' | 'baseOils'>

/** Parses a version's oils once however many entries test it. */
function oilsOf(r: EntryRow, cache?: Map<number, Oils>): Oils {
  const hit = cache?.get(r.version_id)
  if (hit) return hit
  const oils = {
    topOils: JSON.parse(r.top_oils) as VersionOil[],
    middleOils: JSON.parse(r.middle_oils) as VersionOil[],
    baseOils: JSON.parse(r.base_oils) as VersionOil[],
  }
  cache?.set(r.version_id, oils)
  return oils
}

function toEntry(r: EntryRow, cache?: Map<number, Oils>): JournalEntry {
  return {
    id: r.id,
    versionId: r.version_id,
    projectId: r.project_id,
    referenceNumber: r.reference_number,
    blendName: r.blend_name,
    dateMade: r.date_made,
    dateTested: r.date_tested,
    notes: r.notes,
    rating: r.rating,
    ...trackingOf(r),
    ...oilsOf(r, cache),
    createdAt: r.created_at,
  }
}

const ENTRIES = 'e'

/**
 * A page of the user's test entries, oldest first, in one query: all blends', or one blend's.
 * Continues after `after` (an entry id) or `cursor` (the previous page's nextCursor; a malformed one
 * throws a 400).
 */
export async function listEntries(
  ex: Executor,
  userId: string,
  filter: { projectId?: number; after?: number; cursor?: string; limit: number },
): Promise<{ entries: JournalEntry[]; nextCursor: string | null }> {
  let query = entryQuery(ex, userId)
  if (filter.projectId !== undefined) query = query.where('e.project_id', '=', filter.projectId)
  const after = filter.cursor !== undefined ? decodeCursor(filter.cursor, ENTRIES, ['int'] as const)[0] : filter.after
  if (after !== undefined) query = query.where('e.id', '>', after)
  const rows = await query.orderBy('e.id').limit(filter.limit + 1).execute()
  const cache = new Map<number, Oils>()
  const entries = rows.slice(0, filter.limit).map((r) => toEntry(r, cache))
  const last = entries.at(-1)
  return { entries, nextCursor: rows.length > filter.limit && last ? encodeCursor(ENTRIES, last.id) : null }
}

async function getEntry(ex: Executor, userId: string, id: number) {
  const row = await entryQuery(ex, userId).where('e.id', '=', id).executeTakeFirst()
  return row ? toEntry(row) : null
}

/** Records a test of one of the user's versions, in the caller's transaction; null when the version is not theirs. */
export async function createEntry(trx: Executor, userId: string, input: CreateJournalEntry): Promise<JournalEntry | null> {
  const version = await trx
    .selectFrom('blend_versions')
    .select(['id', 'project_id', 'reference_number'])
    .where('id', '=', input.versionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!version) return null
  const sequence = await nextSequence(trx, userId, 'last_entry_number')
  const now = new Date().toISOString()
  const row = await trx
    .insertInto('journal_entries')
    .values({
      user_id: userId,
      project_id: version.project_id,
      version_id: version.id,
      reference_number: testEntryReference(version.reference_number, sequence),
      date_made: input.dateMade ?? now,
      date_tested: input.dateTested ?? now,
      notes: input.notes ?? null,
      rating: input.rating ?? null,
      ...trackingColumns(input, true),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The blend's test count changed.
  await touchProject(trx, userId, version.project_id)
  return getEntry(trx, userId, row.id)
}

/** Autosave of the rating or the notes; null when the entry is not the user's. */
export async function updateEntry(
  ex: Executor,
  userId: string,
  id: number,
  patch: { rating?: number | null; notes?: string | null },
): Promise<JournalEntry | null> {
  const set = {
    ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
  }
  const res = await ex.updateTable('journal_entries').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  if (Number(res.numUpdatedRows) === 0) return null
  await touchUserData(ex, userId)
  return getEntry(ex, userId, id)
}
