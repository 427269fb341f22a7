import { sql, type Insertable } from 'kysely'
import type { BlendVersion, CreateVersion } from '#shared/api/blends.ts'
import { isAccordLine, type StoredLine } from '#shared/domain/accords.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { referenceNumber, versionLetterAt } from '#shared/domain/references.ts'
import type { BlendProjectRow, Database } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { nextSequence, touchProject, touchUserData } from '#server/db/counters.ts'
import { nameColumns, nameKey, projectRow, storedLayersOf, toVersion, versionRow } from '#server/blends/blend-rows.ts'
import { recordAccordUses } from '#server/blends/accord-uses.repo.ts'
import { scheduleVersion } from '#server/reminders/reminders.commands.ts'
import { serialiseOn } from '#server/db/locks.ts'

/**
 * Data access for blend projects and versions: every function takes its executor first, scopes its
 * queries by the signed-in user's id (another user's id finds nothing), runs in the transaction its
 * caller opened and answers rows, or null when there is no such row of the user's. It decides no
 * refusal: the rules of a write are blends.commands.ts's, the only caller that writes. Each write
 * bumps the user's data version, so cached lists and blends are answered afresh.
 */

/**
 * The version fields a caller chooses, each layer its oils then its accords' lines (decision 072);
 * the repository fills in letters, references and names.
 */
export type NewVersion = Omit<
  CreateVersion,
  'projectId' | 'versionLetter' | 'referenceNumber' | 'accords' | 'topOils' | 'middleOils' | 'baseOils'
> & {
  topOils: StoredLine[]
  middleOils: StoredLine[]
  baseOils: StoredLine[]
}

const now = () => new Date().toISOString()

/** Names are taken from the catalog, not from the request, so a version always names real oils (an accord's line is kept as made). */
export function withCatalogNames<L extends StoredLine>(list: readonly L[], oils: Map<number, EssentialOil>): L[] {
  return list.map((o) => (isAccordLine(o) ? o : ({ id: o.id, name: oils.get(o.id)?.name ?? o.name, percentage: o.percentage } as L)))
}

/** A new project with the user's next blend number. */
export async function createProject(
  ex: Executor,
  userId: string,
  input: { name: string; description: string | null; copiedFromShare?: boolean },
): Promise<BlendProjectRow> {
  const number = await nextSequence(ex, userId, 'last_project_number')
  const { copiedFromShare, ...named } = input
  const project = await ex
    .insertInto('blend_projects')
    .values({ ...projectRow(userId, number, { ...named, createdAt: now() }), ...(copiedFromShare ? { copied_from_share: 1 } : {}) })
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
  const created = now()
  const row = await ex
    .insertInto('blend_versions')
    .values(
      versionRow(userId, { id: projectId, number: project.number }, letter, {
        ...input,
        topOils: withCatalogNames(input.topOils, oils),
        middleOils: withCatalogNames(input.middleOils, oils),
        baseOils: withCatalogNames(input.baseOils, oils),
        effects: input.effects ?? [],
        formulationNotes: input.formulationNotes ?? null,
        testingNotes: input.testingNotes ?? null,
        rating: input.rating ?? null,
        dateMade: input.dateMade ?? created,
        dateTested: input.dateTested ?? null,
        createdAt: created,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow()
  // Which blends use an accord (decision 072): its rows are written with the version.
  await recordAccordUses(ex, userId, [{ id: row.id, layers: storedLayersOf(row) }])
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

/** Many new projects at once (an import), numbered by the caller: answers each row's id by number. */
export async function insertProjects(ex: Executor, rows: Insertable<Database['blend_projects']>[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map()
  const inserted = await ex.insertInto('blend_projects').values(rows).returning(['id', 'number']).execute()
  return new Map(inserted.map((r) => [r.number, r.id]))
}

/** Many new versions at once (an import), with their accord rows: answers each row's id by `${project_id}:${version_letter}`. */
export async function insertVersions(ex: Executor, rows: Insertable<Database['blend_versions']>[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map()
  const inserted = await ex
    .insertInto('blend_versions')
    .values(rows)
    .returning(['id', 'user_id', 'project_id', 'version_letter', 'top_oils', 'middle_oils', 'base_oils'])
    .execute()
  // An import is one user's: their accord rows in one statement.
  await recordAccordUses(
    ex,
    inserted[0]!.user_id,
    inserted.map((r) => ({ id: r.id, layers: storedLayersOf(r) })),
  )
  return new Map(inserted.map((r) => [`${r.project_id}:${r.version_letter}`, r.id]))
}

/**
 * An import's accord lines relinked (decision 072): the layers of versions this import stored, in
 * its transaction, with their accord rows. Only the user's own versions are written.
 */
export async function relinkVersionLayers(
  ex: Executor,
  userId: string,
  versions: readonly { id: number; layers: Record<'topOils' | 'middleOils' | 'baseOils', StoredLine[]> }[],
): Promise<void> {
  for (const v of versions)
    await ex
      .updateTable('blend_versions')
      .set({
        top_oils: JSON.stringify(v.layers.topOils),
        middle_oils: JSON.stringify(v.layers.middleOils),
        base_oils: JSON.stringify(v.layers.baseOils),
      })
      .where('id', '=', v.id)
      .where('user_id', '=', userId)
      .execute()
  await recordAccordUses(ex, userId, versions)
}

/** One of the user's blends' name; null when it is not theirs. */
export async function blendOfUser(ex: Executor, userId: string, projectId: number) {
  return (
    (await ex
      .selectFrom('blend_projects')
      .select(['id', 'name'])
      .where('id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? null
  )
}

/** These of the user's projects with their numbers, version counts and the letters their versions use. */
export async function projectsWithLetters(ex: Executor, userId: string, ids: number[]) {
  if (ids.length === 0) return []
  const [rows, letters] = await Promise.all([
    ex
      .selectFrom('blend_projects')
      .select(['id', 'number', 'version_count'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute(),
    ex
      .selectFrom('blend_versions')
      .select(['project_id', 'version_letter'])
      .where('user_id', '=', userId)
      .where('project_id', 'in', ids)
      .execute(),
  ])
  return rows.map((r) => ({
    ...r,
    letters: new Set(letters.filter((l) => l.project_id === r.id).map((l) => l.version_letter)),
  }))
}

/** A project's version count as its versions now stand (an import that added letters). */
export async function setVersionCount(ex: Executor, userId: string, projectId: number, versionCount: number): Promise<void> {
  await ex
    .updateTable('blend_projects')
    .set({ version_count: versionCount, list_version: sql`list_version + 1` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .execute()
}

/** These of the user's versions, with their projects and references. */
export async function versionsById(ex: Executor, userId: string, ids: number[]) {
  if (ids.length === 0) return []
  return ex
    .selectFrom('blend_versions')
    .select(['id', 'project_id', 'reference_number'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute()
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
