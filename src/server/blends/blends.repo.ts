import { sql, type Transaction } from 'kysely'
import type { BlendProject, BlendVersion, CreateVersion, OilSummary, SavedBlend, VersionOil } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import { slotTotal } from '#shared/domain/percentages.ts'
import { referenceNumber, versionLetterAt } from '#shared/domain/references.ts'
import type { Db } from '#server/db/db.ts'
import type { BlendProjectRow, BlendVersionRow, Database } from '#server/db/schema.ts'
import { trackingColumns, trackingOf } from '#server/blends/tracking.ts'
import type { ListItemCache } from '#server/blends/list-items.ts'

/**
 * Blend projects and versions. Every function takes the signed-in user's id and scopes each
 * query by it: another user's id simply finds nothing.
 */

type Executor = Db['kysely'] | Transaction<Database>

/** The version fields a caller chooses; the repository fills in letters, references and names. */
export type NewVersion = Omit<CreateVersion, 'projectId' | 'versionLetter' | 'referenceNumber'>

export const nameKey = (name: string) => name.trim().toLowerCase()
const now = () => new Date().toISOString()

function toVersion(row: BlendVersionRow): BlendVersion {
  return {
    id: row.id,
    projectId: row.project_id,
    versionLetter: row.version_letter,
    referenceNumber: row.reference_number,
    topOils: JSON.parse(row.top_oils) as VersionOil[],
    middleOils: JSON.parse(row.middle_oils) as VersionOil[],
    baseOils: JSON.parse(row.base_oils) as VersionOil[],
    effects: JSON.parse(row.effects) as Effect[],
    formulationNotes: row.formulation_notes,
    dateMade: row.date_made,
    dateTested: row.date_tested,
    testingNotes: row.testing_notes,
    rating: row.rating,
    ...trackingOf(row),
    createdAt: row.created_at,
  }
}

const summaries = new WeakMap<EssentialOil, OilSummary>()
function summary(oil: EssentialOil | undefined): OilSummary | null {
  if (!oil) return null
  let s = summaries.get(oil)
  if (!s) {
    const { id, slug, name, latinName, scentFamily, noteType, effects } = oil
    s = { id, slug, name, latinName, scentFamily, noteType, effects }
    summaries.set(oil, s)
  }
  return s
}
const summaryOf = (id: number, oils: Map<number, EssentialOil>) => summary(oils.get(id))

/** Names are taken from the catalog, not from the request, so a version always names real oils. */
function withCatalogNames(list: VersionOil[], oils: Map<number, EssentialOil>): VersionOil[] {
  return list.map((o) => ({ id: o.id, name: oils.get(o.id)?.name ?? o.name, percentage: o.percentage }))
}

/** Advances one of the user's counters atomically and returns the new value. */
export async function nextSequence(trx: Executor, userId: string, column: 'last_project_number' | 'last_entry_number') {
  const row = await trx
    .insertInto('user_sequences')
    .values({ user_id: userId, [column]: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: sql`user_sequences.${sql.ref(column)} + 1` }))
    .returning(column)
    .executeTakeFirstOrThrow()
  return Number((row as Record<string, number>)[column])
}

/**
 * Marks the user's data as changed. Call it after the write it follows (or in its transaction),
 * never before: a list computed in between would otherwise be kept under the new version.
 */
export async function touchUserData(trx: Executor, userId: string): Promise<void> {
  await trx
    .insertInto('user_sequences')
    .values({ user_id: userId, data_version: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ data_version: sql`user_sequences.data_version + 1` }))
    .execute()
}

/**
 * Marks one project's list entry as changed (see list-items.ts), and with it the user's data.
 * Writes that update the project row itself bump list_version in that same update instead.
 */
export async function touchProject(trx: Executor, userId: string, projectId: number): Promise<void> {
  await trx
    .updateTable('blend_projects')
    .set({ list_version: sql`list_version + 1` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .execute()
  await touchUserData(trx, userId)
}

/** The user's data version: unchanged means every list is as it was. */
export async function userDataVersion(db: Db, userId: string): Promise<number> {
  const row = await db.kysely.selectFrom('user_sequences').select('data_version').where('user_id', '=', userId).executeTakeFirst()
  return row?.data_version ?? 0
}

export async function createProject(
  trx: Executor,
  userId: string,
  input: { name: string; description: string | null },
): Promise<BlendProjectRow> {
  const number = await nextSequence(trx, userId, 'last_project_number')
  const project = await trx
    .insertInto('blend_projects')
    .values({
      user_id: userId,
      number,
      name: input.name.trim(),
      name_key: nameKey(input.name),
      description: input.description,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await touchUserData(trx, userId)
  return project
}

/**
 * Adds a version to one of the user's projects with the project's next letter. The counter update
 * locks the project row (PostgreSQL) or runs alone (SQLite), so concurrent saves get distinct letters;
 * the unique (project, letter) constraint backs that up. Null when the project is not the user's.
 */
export async function addVersion(
  trx: Executor,
  userId: string,
  projectId: number,
  input: NewVersion,
  oils: Map<number, EssentialOil>,
): Promise<BlendVersion | null> {
  const project = await trx
    .updateTable('blend_projects')
    .set({ version_count: sql`version_count + 1`, list_version: sql`list_version + 1` })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .returning(['number', 'version_count'])
    .executeTakeFirst()
  if (!project) return null
  const letter = versionLetterAt(project.version_count - 1)
  const [top, middle, base] = [input.topOils, input.middleOils, input.baseOils].map((l) => withCatalogNames(l, oils)) as [
    VersionOil[],
    VersionOil[],
    VersionOil[],
  ]
  const row = await trx
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
  await touchUserData(trx, userId)
  return toVersion(row)
}

export async function findProjectByName(trx: Executor, userId: string, name: string) {
  return trx
    .selectFrom('blend_projects')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name_key', '=', nameKey(name))
    .orderBy('number')
    .executeTakeFirst()
}

/** One of the user's blends as the list shows it; null when the project is not theirs or has no version. */
export async function getSavedBlend(trx: Executor, userId: string, projectId: number, oils: Map<number, EssentialOil>) {
  return (await savedBlendEntries(trx, userId, oils, [projectId])).get(projectId) ?? null
}

function mergeOilNames(lists: string[]): string[] {
  if (lists.length === 1) return lists[0] ? lists[0].split('|') : []
  return [...new Set(lists.flatMap((l) => l.split('|')).filter(Boolean))]
}

/**
 * Every blend of the user with at least one version, newest first, as a JSON array: one query for
 * the rows and their list versions, then three more (none per row) for the entries the item cache
 * lacks.
 */
export async function listSavedBlends(
  db: Db,
  userId: string,
  oils: Map<number, EssentialOil>,
  items: ListItemCache,
  search?: string,
): Promise<string> {
  const needle = search?.trim().toLowerCase()
  const pattern = needle ? `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const rows = await db.kysely
    .selectFrom('blend_projects as p')
    .innerJoin('blend_versions as v', (join) => join.onRef('v.project_id', '=', 'p.id').on('v.version_letter', '=', 'a'))
    .where('p.user_id', '=', userId)
    .$if(pattern !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.name_key', 'like', sql<string>`${pattern} escape '\\'`),
          eb.exists(
            eb
              .selectFrom('blend_versions as s')
              .select('s.id')
              .whereRef('s.project_id', '=', 'p.id')
              .where('s.oil_names', 'like', sql<string>`${pattern} escape '\\'`),
          ),
        ]),
      ),
    )
    .select(['p.id', 'p.list_version'])
    .orderBy('p.number', 'desc')
    .execute()
  return items.assemble(rows, (ids) => savedBlendEntries(db.kysely, userId, oils, ids))
}

/**
 * Projects seen as the spec's saved blends (their original version's first oil per layer), for
 * the given projects (null: all of the user's), in three queries.
 */
async function savedBlendEntries(trx: Executor, userId: string, oils: Map<number, EssentialOil>, ids: number[] | null) {
  const [rows, names, tests] = await Promise.all([
    trx
      .selectFrom('blend_projects as p')
      .innerJoin('blend_versions as v', (join) => join.onRef('v.project_id', '=', 'p.id').on('v.version_letter', '=', 'a'))
      .where('p.user_id', '=', userId)
      .$if(ids !== null, (q) => q.where('p.id', 'in', ids!))
      .select([
        'p.id',
        'p.name',
        'p.version_count',
        'p.created_at',
        'v.reference_number',
        'v.top_oils',
        'v.middle_oils',
        'v.base_oils',
        'v.effects',
        'v.formulation_notes',
      ])
      .execute(),
    trx
      .selectFrom('blend_versions')
      .select(['project_id', 'oil_names'])
      .where('user_id', '=', userId)
      .$if(ids !== null, (q) => q.where('project_id', 'in', ids!))
      .execute(),
    trx
      .selectFrom('journal_entries')
      .select((eb) => ['project_id', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .$if(ids !== null, (q) => q.where('project_id', 'in', ids!))
      .groupBy('project_id')
      .execute(),
  ])
  const namesBy = new Map<number, string[]>()
  for (const r of names) {
    const list = namesBy.get(r.project_id)
    if (list) list.push(r.oil_names)
    else namesBy.set(r.project_id, [r.oil_names])
  }
  const testsBy = new Map(tests.map((r) => [r.project_id, Number(r.n)]))
  const firstOil = (json: string) => {
    const list = JSON.parse(json) as VersionOil[]
    return { oil: list[0] ? summaryOf(list[0].id, oils) : null, sum: slotTotal(list) }
  }
  const entries = new Map<number, SavedBlend>()
  for (const r of rows) {
    const [top, middle, base] = [firstOil(r.top_oils), firstOil(r.middle_oils), firstOil(r.base_oils)]
    entries.set(r.id, {
      id: r.id,
      name: r.name,
      topNote: top.oil,
      middleNote: middle.oil,
      baseNote: base.oil,
      topPercentage: top.sum,
      middlePercentage: middle.sum,
      basePercentage: base.sum,
      effects: JSON.parse(r.effects) as Effect[],
      notes: r.formulation_notes,
      createdAt: r.created_at,
      referenceNumber: r.reference_number,
      versionCount: r.version_count,
      testCount: testsBy.get(r.id) ?? 0,
      oilNames: mergeOilNames(namesBy.get(r.id) ?? []),
    })
  }
  return entries
}

/** Every project of the user with all its versions (oldest first), newest first, as a JSON array. */
export async function listProjects(db: Db, userId: string, items: ListItemCache): Promise<string> {
  const rows = await db.kysely
    .selectFrom('blend_projects')
    .select(['id', 'list_version'])
    .where('user_id', '=', userId)
    .orderBy('number', 'desc')
    .execute()
  return items.assemble(rows, (ids) => projectEntries(db, userId, ids))
}

/** The given projects (null: all of the user's) with their versions, in two queries. */
async function projectEntries(db: Db, userId: string, ids: number[] | null) {
  const [projects, versions] = await Promise.all([
    db.kysely
      .selectFrom('blend_projects')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(ids !== null, (q) => q.where('id', 'in', ids!))
      .execute(),
    db.kysely
      .selectFrom('blend_versions')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(ids !== null, (q) => q.where('project_id', 'in', ids!))
      .orderBy('id')
      .execute(),
  ])
  const byProject = new Map<number, BlendVersion[]>()
  for (const row of versions) {
    const list = byProject.get(row.project_id)
    if (list) list.push(toVersion(row))
    else byProject.set(row.project_id, [toVersion(row)])
  }
  return new Map(projects.map((p) => [p.id, toProject(p, byProject.get(p.id) ?? [])]))
}

export function toProject(p: BlendProjectRow, versions: BlendVersion[]): BlendProject {
  return { id: p.id, name: p.name, description: p.description, blendNumber: p.number, createdAt: p.created_at, versions }
}

/** The reference the user's next new blend will get (a preview; numbers are assigned on save). */
export async function peekNextReference(db: Db, userId: string): Promise<string> {
  const row = await db.kysely
    .selectFrom('user_sequences')
    .select('last_project_number')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return referenceNumber((row?.last_project_number ?? 0) + 1, 'a')
}

export async function renameProject(db: Db, userId: string, projectId: number, name: string) {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('blend_projects')
      .set({ name: name.trim(), name_key: nameKey(name), list_version: sql`list_version + 1` })
      .where('id', '=', projectId)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst()
    if (row) await touchUserData(trx, userId)
    return !!row
  })
}

export async function projectExists(db: Db, userId: string, projectId: number) {
  const row = await db.kysely
    .selectFrom('blend_projects')
    .select('id')
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return !!row
}

/** Deletes the project with its versions (and, by cascade, their test entries). */
export async function deleteProject(db: Db, userId: string, projectId: number) {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('blend_versions').where('project_id', '=', projectId).where('user_id', '=', userId).execute()
    const res = await trx.deleteFrom('blend_projects').where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst()
    const deleted = Number(res.numDeletedRows) > 0
    if (deleted) await touchUserData(trx, userId)
    return deleted
  })
}

export async function updateVersionNotes(db: Db, userId: string, versionId: number, formulationNotes: string | null) {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('blend_versions')
      .set({ formulation_notes: formulationNotes })
      .where('id', '=', versionId)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst()
    if (!row) return null
    await touchProject(trx, userId, row.project_id)
    return toVersion(row)
  })
}
