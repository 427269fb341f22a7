import { sql } from 'kysely'
import type { BlendVersion, CreateVersion, VersionOil } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { nameSortKey } from '#shared/domain/journal-list.ts'
import { referenceNumber, versionLetterAt } from '#shared/domain/references.ts'
import type { BlendProjectRow } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { nextSequence, touchProject, touchUserData } from '#server/db/counters.ts'
import { toVersion } from '#server/blends/blend-rows.ts'
import { trackingColumns } from '#server/blends/tracking.ts'
import { scheduleVersion } from '#server/reminders/reminders.repo.ts'
import { serialiseOn } from '#server/db/locks.ts'

/**
 * Writes to blend projects and versions. Every function scopes its queries by the signed-in user's
 * id (another user's id finds nothing), takes its executor first, and runs in the transaction its
 * caller opened (db/counters.ts). Each write bumps the user's data version, so cached lists and
 * blends are answered afresh.
 */

/** The version fields a caller chooses; the repository fills in letters, references and names. */
export type NewVersion = Omit<CreateVersion, 'projectId' | 'versionLetter' | 'referenceNumber'>

/** How "the same name" is matched: trimmed, any case. */
export const nameKey = (name: string) => name.trim().toLowerCase()
const now = () => new Date().toISOString()

/** The stored name with its match and sort keys. */
const nameColumns = (name: string) => ({ name: name.trim(), name_key: nameKey(name), name_sort: nameSortKey(name) })

/** Names are taken from the catalog, not from the request, so a version always names real oils. */
function withCatalogNames(list: VersionOil[], oils: Map<number, EssentialOil>): VersionOil[] {
  return list.map((o) => ({ id: o.id, name: oils.get(o.id)?.name ?? o.name, percentage: o.percentage }))
}

export async function createProject(
  ex: Executor,
  userId: string,
  input: { name: string; description: string | null },
): Promise<BlendProjectRow> {
  const number = await nextSequence(ex, userId, 'last_project_number')
  const project = await ex
    .insertInto('blend_projects')
    .values({ user_id: userId, number, ...nameColumns(input.name), description: input.description, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow()
  await touchUserData(ex, userId)
  return project
}

/**
 * Adds a version to one of the user's projects with the project's next letter. The counter update
 * locks the project row (PostgreSQL) or runs alone (SQLite), so concurrent saves get distinct letters;
 * the unique (project, letter) constraint backs that up. Null when the project is not the user's.
 */
export async function addVersion(
  ex: Executor,
  userId: string,
  projectId: number,
  input: NewVersion,
  oils: Map<number, EssentialOil>,
): Promise<BlendVersion | null> {
  const project = await ex
    .updateTable('blend_projects')
    .set({ version_count: sql`version_count + 1`, list_version: sql`list_version + 1` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .returning(['number', 'version_count'])
    .executeTakeFirst()
  if (!project) return null
  // The counter is already advanced: the new version is the one nextVersionOf named before it.
  const letter = nextVersionOf({ number: project.number, version_count: project.version_count - 1 }).versionLetter
  const [top, middle, base] = [input.topOils, input.middleOils, input.baseOils].map((l) => withCatalogNames(l, oils)) as [
    VersionOil[],
    VersionOil[],
    VersionOil[],
  ]
  const row = await ex
    .insertInto('blend_versions')
    .values({
      project_id: projectId,
      user_id: userId,
      version_letter: letter,
      reference_number: referenceNumber(project.number, letter),
      top_oils: JSON.stringify(top),
      middle_oils: JSON.stringify(middle),
      base_oils: JSON.stringify(base),
      oil_names: [...top, ...middle, ...base].map((o) => o.name.toLowerCase()).join('|'),
      effects: JSON.stringify([...new Set(input.effects ?? [])]),
      formulation_notes: input.formulationNotes ?? null,
      testing_notes: input.testingNotes ?? null,
      rating: input.rating ?? null,
      date_made: input.dateMade ?? now(),
      date_tested: input.dateTested ?? null,
      ...trackingColumns(input, false),
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  // Ready to test once it has rested (decision 038): its reminder is written with it.
  await scheduleVersion(ex, userId, {
    id: row.id,
    projectId,
    dateMade: row.date_made,
    createdAt: row.created_at,
    maturationPeriod: row.maturation_period,
  })
  await touchUserData(ex, userId)
  return toVersion(row)
}

export async function findProjectByName(ex: Executor, userId: string, name: string) {
  return ex
    .selectFrom('blend_projects')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name_key', '=', nameKey(name))
    .orderBy('number')
    .executeTakeFirst()
}

/**
 * What a save by name does (decisions 006 and 019): a name the user already has (trimmed, any
 * case) adds the next version to that blend, any other name makes a new blend. POST /api/blends
 * follows it inside its transaction and GET /api/blends/save-preview answers it beforehand; this is
 * the one place the rule is written.
 */
export type SaveTarget = { outcome: 'created'; project: null } | { outcome: 'versioned'; project: BlendProjectRow }

export async function saveTarget(ex: Executor, userId: string, name: string): Promise<SaveTarget> {
  const project = await findProjectByName(ex, userId, name)
  return project ? { outcome: 'versioned', project } : { outcome: 'created', project: null }
}

/**
 * saveTarget for the save itself, in its transaction: saves of one name by one user run one after
 * another, so ten at once make one blend with ten versions on PostgreSQL as on SQLite (decision 041).
 */
export async function saveTargetForWrite(trx: Executor, userId: string, name: string): Promise<SaveTarget> {
  await serialiseOn(trx, 'save-by-name', userId, nameKey(name))
  return saveTarget(trx, userId, name)
}

/** The letter and reference a version added to this project now would get (addVersion's rule). */
export function nextVersionOf(project: Pick<BlendProjectRow, 'number' | 'version_count'>) {
  const letter = versionLetterAt(project.version_count)
  return { versionLetter: letter, referenceNumber: referenceNumber(project.number, letter) }
}

/** Renames one of the user's projects; false when it is not theirs. */
export async function renameProject(ex: Executor, userId: string, projectId: number, name: string): Promise<boolean> {
  const row = await ex
    .updateTable('blend_projects')
    .set({ ...nameColumns(name), list_version: sql`list_version + 1` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  if (row) await touchUserData(ex, userId)
  return !!row
}

/** A version's blend notes; null when the version is not the user's. */
export async function updateVersionNotes(ex: Executor, userId: string, versionId: number, formulationNotes: string | null) {
  const row = await ex
    .updateTable('blend_versions')
    .set({ formulation_notes: formulationNotes })
    .where('id', '=', versionId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst()
  if (!row) return null
  await touchProject(ex, userId, row.project_id)
  return toVersion(row)
}
