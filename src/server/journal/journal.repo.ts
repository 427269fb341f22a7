import type { Transaction } from 'kysely'
import type { VersionOil } from '#shared/api/blends.ts'
import type { CreateJournalEntry, JournalEntry } from '#shared/api/journal.ts'
import { testEntryReference } from '#shared/domain/references.ts'
import { nextSequence, touchProject, touchUserData } from '#server/blends/blends.repo.ts'
import { trackingColumns, trackingOf } from '#server/blends/tracking.ts'
import type { Db } from '#server/db/db.ts'
import type { Database } from '#server/db/schema.ts'

/** Test entries, scoped by the signed-in user in every query. */

type Executor = Db['kysely'] | Transaction<Database>

function entryQuery(db: Executor, userId: string) {
  return db
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

/** A page of the user's test entries, oldest first, in one query: all blends', or one blend's. */
export async function listEntries(
  db: Executor,
  userId: string,
  filter: { projectId?: number; after?: number; limit: number },
): Promise<{ entries: JournalEntry[]; nextCursor: number | null }> {
  let query = entryQuery(db, userId)
  if (filter.projectId !== undefined) query = query.where('e.project_id', '=', filter.projectId)
  if (filter.after !== undefined) query = query.where('e.id', '>', filter.after)
  const rows = await query.orderBy('e.id').limit(filter.limit + 1).execute()
  const more = rows.length > filter.limit
  const cache = new Map<number, Oils>()
  const entries = rows.slice(0, filter.limit).map((r) => toEntry(r, cache))
  return { entries, nextCursor: more ? (entries.at(-1)?.id ?? null) : null }
}

async function getEntry(db: Executor, userId: string, id: number) {
  const row = await entryQuery(db, userId).where('e.id', '=', id).executeTakeFirst()
  return row ? toEntry(row) : null
}

/** Records a test of one of the user's versions, in the caller's transaction; null when the version is not theirs. */
export async function createEntry(trx: Transaction<Database>, userId: string, input: CreateJournalEntry): Promise<JournalEntry | null> {
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
  db: Db,
  userId: string,
  id: number,
  patch: { rating?: number | null; notes?: string | null },
): Promise<JournalEntry | null> {
  const set = {
    ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
  }
  const updated = await db.kysely.transaction().execute(async (trx) => {
    const res = await trx.updateTable('journal_entries').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
    if (Number(res.numUpdatedRows) === 0) return false
    await touchUserData(trx, userId)
    return true
  })
  return updated ? getEntry(db.kysely, userId, id) : null
}
