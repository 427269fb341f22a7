import type { Selectable } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import { legacyCalendarDate } from '#shared/domain/calendar-date.ts'
import type { Executor } from '#server/db/executor.ts'
import { touchUserData } from '#server/db/counters.ts'
import { RESTORE_WINDOW_MS } from '#server/shared/restore-window.ts'
import { storedLayersOf } from '#server/blends/blend-rows.ts'
import { recordAccordUses } from '#server/blends/accord-uses.repo.ts'

/**
 * Deleting a blend, and 'Undo' (docs/decisions/030-undo-delete.md). A delete removes the blend, its
 * versions, their test entries, share links and batches (with their draws and saved labels) at once, so every list, count, export and link
 * forgets it in the same transaction; their rows are kept as they were in `deleted_blends` for
 * RESTORE_WINDOW_MS, and a restore puts them back with the same ids, numbers and tokens (a batch's
 * code too, unless a batch made since has taken it). After the window the blend is gone for good:
 * the kept rows are swept by the next delete or restore.
 */

/** How long after a delete the blend can be restored: the toast offers Undo for DELETE_UNDO_MS of it. */
export { RESTORE_WINDOW_MS }

type Row<T extends keyof Database> = Selectable<Database[T]>
interface KeptRows {
  project: Row<'blend_projects'>
  versions: Row<'blend_versions'>[]
  entries: Row<'journal_entries'>[]
  shares: Row<'share_links'>[]
  /** Absent in rows kept before the shelf's batches were kept too. */
  batches?: Row<'batches'>[]
  draws?: Row<'batch_draws'>[]
  /** The allergen labels saved with its batches (decision 044); absent in rows kept before labels existed. */
  labels?: Row<'batch_labels'>[]
  /** Its "ready to test" reminders (decision 038); absent in rows kept before reminders existed. */
  reminders?: Row<'reminders'>[]
}

const cutoff = (now: number) => new Date(now - RESTORE_WINDOW_MS).toISOString()

/** Forgets every user's deleted blends whose window has passed (an index range on deleted_at). */
async function sweepExpired(ex: Executor, now: number): Promise<void> {
  await ex.deleteFrom('deleted_blends').where('deleted_at', '<', cutoff(now)).execute()
}

/** Deletes one of the user's blends, keeping its rows for a restore; false when it is not theirs. */
export async function deleteProject(ex: Executor, userId: string, projectId: number, now = Date.now()): Promise<boolean> {
  const project = await ex
    .selectFrom('blend_projects')
    .selectAll()
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!project) return false
  const [versions, entries, shares] = await Promise.all([
    ex.selectFrom('blend_versions').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId).orderBy('id').execute(),
    ex.selectFrom('journal_entries').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId).orderBy('id').execute(),
    ex.selectFrom('share_links').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId).orderBy('id').execute(),
  ])
  await sweepExpired(ex, now)
  // The batches made of it, and what each took from the shelf (decision 026: the shelf stays as the
  // batches left it; an Undo of the delete brings the batches back, so each can still be undone).
  const batches = await ex
    .selectFrom('batches')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute()
  const draws =
    batches.length === 0
      ? []
      : await ex
          .selectFrom('batch_draws')
          .selectAll()
          .where('user_id', '=', userId)
          .where(
            'batch_id',
            'in',
            batches.map((b) => b.id),
          )
          .orderBy('id')
          .execute()
  // Its reminders are kept too: an Undo puts them back as they were, sent or still to send (decision 038).
  const reminders = await ex
    .selectFrom('reminders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute()
  const labels =
    batches.length === 0
      ? []
      : await ex
          .selectFrom('batch_labels')
          .selectAll()
          .where('user_id', '=', userId)
          .where(
            'batch_id',
            'in',
            batches.map((b) => b.id),
          )
          .orderBy('batch_id')
          .execute()
  const rows: KeptRows = { project, versions, entries, shares, batches, draws, labels, reminders }
  await ex
    .insertInto('deleted_blends')
    .values({ user_id: userId, project_id: projectId, rows: JSON.stringify(rows), deleted_at: new Date(now).toISOString() })
    .onConflict((oc) =>
      oc.columns(['user_id', 'project_id']).doUpdateSet({ rows: JSON.stringify(rows), deleted_at: new Date(now).toISOString() }),
    )
    .execute()
  // Children first: SQLite enforces the cascades only on connections that ask for it.
  await ex.deleteFrom('reminders').where('user_id', '=', userId).where('project_id', '=', projectId).execute()
  if (batches.length > 0) {
    await ex
      .deleteFrom('batch_labels')
      .where('user_id', '=', userId)
      .where(
        'batch_id',
        'in',
        batches.map((b) => b.id),
      )
      .execute()
    await ex
      .deleteFrom('batch_draws')
      .where('user_id', '=', userId)
      .where(
        'batch_id',
        'in',
        batches.map((b) => b.id),
      )
      .execute()
    await ex.deleteFrom('batches').where('user_id', '=', userId).where('project_id', '=', projectId).execute()
  }
  await ex.deleteFrom('share_links').where('user_id', '=', userId).where('project_id', '=', projectId).execute()
  await ex.deleteFrom('journal_entries').where('user_id', '=', userId).where('project_id', '=', projectId).execute()
  // Its versions' accord rows (decision 072); the rows of other blends that use it as an accord stay:
  // their versions keep the accord's oils, and read its link as gone until a restore brings it back.
  await ex
    .deleteFrom('blend_accord_uses')
    .where('user_id', '=', userId)
    .where('version_id', 'in', (eb) =>
      eb.selectFrom('blend_versions').select('id').where('user_id', '=', userId).where('project_id', '=', projectId),
    )
    .execute()
  await ex.deleteFrom('blend_versions').where('user_id', '=', userId).where('project_id', '=', projectId).execute()
  await ex.deleteFrom('blend_projects').where('id', '=', projectId).where('user_id', '=', userId).execute()
  await touchUserData(ex, userId)
  return true
}

/** The code a restored batch gets: its own unless taken, else a new one (batches.commands.ts, keptOrNewBatchCode). */
export type RestoredBatchCode = (
  ex: Executor,
  userId: string,
  batch: { code: string; madeOn: string; reference: string },
) => Promise<string>

/**
 * Puts back one of the user's blends deleted less than RESTORE_WINDOW_MS ago, exactly as it was.
 * True when it is back (also when it already was: a repeated Undo); false when there is nothing of
 * theirs to restore (never theirs, or the window has passed).
 */
export async function restoreProject(
  ex: Executor,
  userId: string,
  projectId: number,
  codeFor: RestoredBatchCode,
  now = Date.now(),
): Promise<boolean> {
  await sweepExpired(ex, now)
  const kept = await ex
    .deleteFrom('deleted_blends')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .returning('rows')
    .executeTakeFirst()
  if (!kept) {
    const present = await ex
      .selectFrom('blend_projects')
      .select('id')
      .where('id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return present !== undefined
  }
  const { project, versions, entries, shares, batches = [], draws = [], labels = [], reminders = [] } = JSON.parse(kept.rows) as KeptRows
  await ex.insertInto('blend_projects').values(project).execute()
  if (versions.length > 0) await ex.insertInto('blend_versions').values(versions).execute()
  // Their accord rows, made again from the restored lines (decision 072).
  await recordAccordUses(
    ex,
    userId,
    versions.map((v) => ({ id: v.id, layers: storedLayersOf(v) })),
  )
  // Batches before the entries that name them (journal_entries.batch_id).
  // A batch keeps its code unless a batch made since has it (the delete freed it): then it takes a
  // new one from the maker's pattern. One at a time, so each new code counts the ones before it.
  for (const batch of batches) {
    const reference = versions.find((v) => v.id === batch.version_id)?.reference_number ?? ''
    const code = await codeFor(ex, userId, { code: batch.code, madeOn: batch.made_on, reference })
    await ex
      .insertInto('batches')
      .values({ ...batch, code })
      .execute()
  }
  if (entries.length > 0) await ex.insertInto('journal_entries').values(entries.map(withCalendarDates)).execute()
  if (shares.length > 0) await ex.insertInto('share_links').values(shares).execute()
  if (draws.length > 0) {
    // A bottle deleted since the blend was keeps no draw: undoing the batch has nothing to put back there.
    const bottleIds = [...new Set(draws.flatMap((d) => (d.bottle_id === null ? [] : [d.bottle_id])))]
    const present = new Set(
      bottleIds.length === 0
        ? []
        : (await ex.selectFrom('shelf_bottles').select('id').where('user_id', '=', userId).where('id', 'in', bottleIds).execute()).map(
            (b) => b.id,
          ),
    )
    await ex
      .insertInto('batch_draws')
      .values(draws.map((d) => ({ ...d, bottle_id: d.bottle_id !== null && present.has(d.bottle_id) ? d.bottle_id : null })))
      .execute()
  }
  if (labels.length > 0) await ex.insertInto('batch_labels').values(labels).execute()
  if (reminders.length > 0) await ex.insertInto('reminders').values(reminders).execute()
  await touchUserData(ex, userId)
  return true
}

/** An entry kept before migration 0015 still holds ISO date-times: it comes back with the days they stood for (decision 036). */
function withCalendarDates(entry: Row<'journal_entries'>): Row<'journal_entries'> {
  return {
    ...entry,
    date_made: legacyCalendarDate(entry.date_made) ?? entry.date_made,
    date_tested: entry.date_tested === null ? null : (legacyCalendarDate(entry.date_tested, entry.date_made) ?? entry.date_tested),
  }
}
