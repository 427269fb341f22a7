import { sql, type ExpressionBuilder, type Insertable } from 'kysely'
import { flattenLayers, type StoredLine } from '#shared/domain/accords.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { CalendarDate } from '#shared/domain/calendar-date.ts'
import type { Executor } from '#server/db/executor.ts'
import { touchProject, touchUserData } from '#server/db/counters.ts'
import { trackingOf } from '#server/db/tracking.ts'
import type { Database } from '#server/db/schema.ts'
import { encodeCursor } from '#server/shared/cursor.ts'

/**
 * Data access for test entries, scoped by the signed-in user in every query. Functions take their
 * executor first, run in the transaction their caller opened (src/server/db/counters.ts), and
 * answer rows or null; they decide no refusal: the rules of a write are journal.commands.ts's, the
 * only caller that writes.
 */

function entryQuery(ex: Executor | ExpressionBuilder<Database, never>, userId: string) {
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
  // The flattened composition (decision 072): an accord's oils are the version's oils.
  const oils = flattenLayers({
    topOils: JSON.parse(r.top_oils) as StoredLine[],
    middleOils: JSON.parse(r.middle_oils) as StoredLine[],
    baseOils: JSON.parse(r.base_oils) as StoredLine[],
  })
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
    batchId: r.batch_id,
    notes: r.notes,
    rating: r.rating,
    ...trackingOf(r),
    ...oilsOf(r, cache),
    createdAt: r.created_at,
  }
}

const ENTRIES = 'e'

/** The tag of a page cursor of test entries (the last entry's id). */
export const ENTRIES_CURSOR = ENTRIES

/**
 * A page of the user's test entries, oldest first, in one query: all blends', or one blend's.
 * Continues after `after` (an entry id: the route reads it from the previous page's cursor).
 */
export async function listEntries(
  ex: Executor,
  userId: string,
  filter: { projectId?: number | undefined; after?: number | undefined; limit: number },
): Promise<{ entries: JournalEntry[]; nextCursor: string | null }> {
  let query = entryQuery(ex, userId)
  if (filter.projectId !== undefined) query = query.where('e.project_id', '=', filter.projectId)
  if (filter.after !== undefined) query = query.where('e.id', '>', filter.after)
  const rows = await query
    .orderBy('e.id')
    .limit(filter.limit + 1)
    .execute()
  const cache = new Map<number, Oils>()
  const entries = rows.slice(0, filter.limit).map((r) => toEntry(r, cache))
  const last = entries.at(-1)
  return { entries, nextCursor: rows.length > filter.limit && last ? encodeCursor(ENTRIES, last.id) : null }
}

/** One of the user's entries as the API answers it; null when it is not theirs. */
export async function getEntry(ex: Executor, userId: string, id: number): Promise<JournalEntry | null> {
  const row = await entryQuery(ex, userId).where('e.id', '=', id).executeTakeFirst()
  return row ? toEntry(row) : null
}

/** The day a batch of the user's blend was made; null when the batch is not theirs or of another blend. */
export async function batchMadeOn(ex: Executor, userId: string, projectId: number, batchId: number): Promise<CalendarDate | null> {
  const batch = await ex
    .selectFrom('batches')
    .select('made_on')
    .where('id', '=', batchId)
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return batch?.made_on ?? null
}

/** One of the user's versions as a test names it; null when it is not theirs. */
export async function versionTested(ex: Executor, userId: string, versionId: number) {
  const version = await ex
    .selectFrom('blend_versions')
    .select(['id', 'project_id', 'reference_number'])
    .where('id', '=', versionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return version ?? null
}

/** One of the user's entries' days, batch and blend; null when it is not theirs. */
export async function entryDays(ex: Executor, userId: string, id: number) {
  const row = await ex
    .selectFrom('journal_entries')
    .select(['project_id', 'date_made', 'date_tested', 'batch_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ?? null
}

export type EntryInsert = Insertable<Database['journal_entries']>

/** A new entry; its blend's test count changed. Answers its id. */
export async function insertEntry(ex: Executor, userId: string, row: EntryInsert): Promise<number> {
  const inserted = await ex.insertInto('journal_entries').values(row).returning('id').executeTakeFirstOrThrow()
  await touchProject(ex, userId, row.project_id)
  return inserted.id
}

/** Many new entries at once (an import): answers each id by reference. */
export async function insertEntries(ex: Executor, rows: EntryInsert[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map()
  const inserted = await ex.insertInto('journal_entries').values(rows).returning(['id', 'reference_number']).execute()
  return new Map(inserted.map((r) => [r.reference_number, r.id]))
}

/** Changes one of the user's entries; false when it is not theirs. */
export async function updateEntryRow(
  ex: Executor,
  userId: string,
  id: number,
  set: { rating?: number | null; notes?: string | null; date_made?: string; date_tested?: string | null; batch_id?: number | null },
): Promise<boolean> {
  const res = await ex.updateTable('journal_entries').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  if (Number(res.numUpdatedRows) === 0) return false
  await touchUserData(ex, userId)
  return true
}

/**
 * The first `limit` test entries (oldest first) of each of these blends, with where each
 * continues (the cursor GET /api/journal-entries?projectId=&cursor= takes), in one query however
 * many blends: a window over the user's entries of these projects (decision 039, the offline fill).
 */
export async function firstEntriesOf(
  ex: Executor,
  userId: string,
  projectIds: readonly number[],
  limit: number,
): Promise<Map<number, { entries: JournalEntry[]; nextCursor: string | null }>> {
  const byProject = new Map<number, { entries: JournalEntry[]; nextCursor: string | null }>()
  for (const id of projectIds) byProject.set(id, { entries: [], nextCursor: null })
  if (projectIds.length === 0) return byProject
  const rows = await ex
    .selectFrom((eb) =>
      entryQuery(eb, userId)
        .where('e.project_id', 'in', [...projectIds])
        .select(sql<number>`row_number() over (partition by e.project_id order by e.id)`.as('position'))
        .as('x'),
    )
    .selectAll('x')
    .where('x.position', '<=', limit + 1)
    .orderBy('x.project_id')
    .orderBy('x.id')
    .execute()
  const cache = new Map<number, Oils>()
  for (const row of rows) {
    const page = byProject.get(row.project_id)!
    if (Number(row.position) > limit) {
      const last = page.entries.at(-1)
      page.nextCursor = last ? encodeCursor(ENTRIES, last.id) : null
      continue
    }
    page.entries.push(toEntry(row, cache))
  }
  return byProject
}
