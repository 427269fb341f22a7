import { sql, type ExpressionBuilder } from 'kysely'
import type { VersionOil } from '#shared/api/blends.ts'
import type { CreateJournalEntry, JournalEntry, UpdateJournalEntry } from '#shared/api/journal.ts'
import { legacyCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { testEntryReference } from '#shared/domain/references.ts'
import { requestTestDates, testDatesProblem } from '#shared/domain/test-dates.ts'
import type { Executor } from '#server/db/executor.ts'
import { nextSequence, touchProject, touchUserData } from '#server/db/counters.ts'
import { trackingColumns, trackingOf } from '#server/blends/tracking.ts'
import type { Database } from '#server/db/schema.ts'
import { decodeCursor, encodeCursor } from '#server/http/cursor.ts'
import { AppError } from '#server/http/errors.ts'

/**
 * Test entries, scoped by the signed-in user in every query. Functions take their executor first
 * and run in the transaction their caller opened (src/server/db/counters.ts).
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
    batchId: r.batch_id,
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
  const rows = await query
    .orderBy('e.id')
    .limit(filter.limit + 1)
    .execute()
  const cache = new Map<number, Oils>()
  const entries = rows.slice(0, filter.limit).map((r) => toEntry(r, cache))
  const last = entries.at(-1)
  return { entries, nextCursor: rows.length > filter.limit && last ? encodeCursor(ENTRIES, last.id) : null }
}

async function getEntry(ex: Executor, userId: string, id: number) {
  const row = await entryQuery(ex, userId).where('e.id', '=', id).executeTakeFirst()
  return row ? toEntry(row) : null
}

/** The rule of a test's two days (src/shared/domain/test-dates.ts), as the one error shape, beside the test date. */
function checkTestDates(made: CalendarDate, tested: CalendarDate | null): void {
  const problem = testDatesProblem(made, tested)
  if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem, [{ path: 'body.dateTested', message: problem }])
}

/** The day a batch of the user's blend was made; 404 when the batch is not theirs or of another blend. */
async function batchMadeOn(ex: Executor, userId: string, projectId: number, batchId: number): Promise<CalendarDate> {
  const batch = await ex
    .selectFrom('batches')
    .select('made_on')
    .where('id', '=', batchId)
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!batch) throw new AppError(404, 'NOT_FOUND', 'Batch not found')
  return batch.made_on
}

/**
 * Records a test of one of the user's versions, in the caller's transaction; null when the version
 * is not theirs. Its days are calendar dates (decision 036); with a batch, the made day is the
 * batch's. Throws a 400 for a test dated before the making and a 404 for a batch not theirs.
 */
export async function createEntry(trx: Executor, userId: string, input: CreateJournalEntry): Promise<JournalEntry | null> {
  const version = await trx
    .selectFrom('blend_versions')
    .select(['id', 'project_id', 'reference_number'])
    .where('id', '=', input.versionId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!version) return null
  const batchId = input.batchId ?? null
  const dates = requestTestDates(input)
  const dateMade = batchId === null ? dates.dateMade : await batchMadeOn(trx, userId, version.project_id, batchId)
  checkTestDates(dateMade, dates.dateTested)
  const sequence = await nextSequence(trx, userId, 'last_entry_number')
  const now = new Date().toISOString()
  const row = await trx
    .insertInto('journal_entries')
    .values({
      user_id: userId,
      project_id: version.project_id,
      version_id: version.id,
      reference_number: testEntryReference(version.reference_number, sequence),
      date_made: dateMade,
      date_tested: dates.dateTested,
      batch_id: batchId,
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

/**
 * Autosave of the rating, the notes, the days or the batch; null when the entry is not the user's.
 * The entry as changed keeps the days' rule; choosing a batch sets the made day to the batch's,
 * and another made day sent without a batch unlinks the one chosen before.
 */
export async function updateEntry(ex: Executor, userId: string, id: number, patch: UpdateJournalEntry): Promise<JournalEntry | null> {
  const current = await ex
    .selectFrom('journal_entries')
    .select(['project_id', 'date_made', 'date_tested', 'batch_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!current) return null
  const dated = patch.dateMade !== undefined || patch.dateTested !== undefined || patch.batchId !== undefined
  let days = {}
  if (dated) {
    let dateMade = patch.dateMade !== undefined ? (legacyCalendarDate(patch.dateMade) ?? current.date_made) : current.date_made
    // Another made day typed by hand unlinks the batch; a batch chosen gives its day (decision 036).
    const batchId = patch.batchId !== undefined ? patch.batchId : dateMade !== current.date_made ? null : current.batch_id
    const dateTested =
      patch.dateTested === undefined
        ? current.date_tested
        : patch.dateTested === null
          ? null
          : (legacyCalendarDate(patch.dateTested, patch.dateMade ?? current.date_made) ?? current.date_tested)
    if (patch.batchId !== undefined && patch.batchId !== null) dateMade = await batchMadeOn(ex, userId, current.project_id, patch.batchId)
    checkTestDates(dateMade, dateTested)
    days = { date_made: dateMade, date_tested: dateTested, batch_id: batchId }
  }
  const set = {
    ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
    ...days,
  }
  const res = await ex.updateTable('journal_entries').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  if (Number(res.numUpdatedRows) === 0) return null
  await touchUserData(ex, userId)
  return getEntry(ex, userId, id)
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
