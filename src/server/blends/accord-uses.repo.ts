import type { AccordUse, AccordUses, BlendVersion } from '#shared/api/blends.ts'
import { isAccordLine, type Layers, type StoredLine } from '#shared/domain/accords.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * Data access for accords inside blends (decision 072): the accord versions a save may use, the
 * `blend_accord_uses` rows the blends keeper writes with each version, and the reads that answer
 * who uses an accord and whether an accord has a newer version. Scoped by the signed-in user's id.
 */

/** These of the user's versions with their blend's name, to use as accords (another user's are not found). */
export async function accordVersionsById(ex: Executor, userId: string, ids: readonly number[]) {
  if (ids.length === 0) return []
  return ex
    .selectFrom('blend_versions as v')
    .innerJoin('blend_projects as p', 'p.id', 'v.project_id')
    .select([
      'v.id',
      'v.project_id',
      'v.reference_number',
      'v.top_oils',
      'v.middle_oils',
      'v.base_oils',
      'v.effects',
      'v.formulation_notes',
      'p.name',
    ])
    .where('v.user_id', '=', userId)
    .where('p.user_id', '=', userId)
    .where('v.id', 'in', [...new Set(ids)])
    .execute()
}

/**
 * Writes the accord rows of these versions (each version's accord lines, in any layer). A line
 * with no link (version id 0: an imported accord whose version was not in the file) has no row.
 */
export async function recordAccordUses(
  ex: Executor,
  userId: string,
  versions: readonly { id: number; layers: Layers<StoredLine> }[],
): Promise<void> {
  const rows = versions.flatMap((v) =>
    [...v.layers.topOils, ...v.layers.middleOils, ...v.layers.baseOils]
      .filter(isAccordLine)
      .filter((l) => l.accord.versionId > 0)
      .map((l) => ({
        user_id: userId,
        version_id: v.id,
        accord_project_id: l.accord.projectId,
        accord_version_id: l.accord.versionId,
      })),
  )
  if (rows.length > 0) await ex.insertInto('blend_accord_uses').values(rows).execute()
}

/**
 * The newest version (highest id) of each of these blends that is the user's now; a blend absent
 * from the answer is not theirs (deleted, or never theirs). One query.
 */
export async function newestVersions(
  ex: Executor,
  userId: string,
  projectIds: readonly number[],
): Promise<Map<number, { id: number; referenceNumber: string }>> {
  if (projectIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('blend_versions as v')
    .select(['v.id', 'v.project_id', 'v.reference_number'])
    .where('v.user_id', '=', userId)
    .where('v.project_id', 'in', [...new Set(projectIds)])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blend_versions as w').select('w.id').whereRef('w.project_id', '=', 'v.project_id').whereRef('w.id', '>', 'v.id'),
        ),
      ),
    )
    .execute()
  return new Map(rows.map((r) => [r.project_id, { id: r.id, referenceNumber: r.reference_number }]))
}

/** An accord as read, given its blend's newest version (undefined: the blend is not the user's now). */
export function linked(accord: AccordUse, newest: { id: number; referenceNumber: string } | undefined): AccordUse {
  if (!newest) return { ...accord, projectId: null, newerVersion: null }
  return { ...accord, newerVersion: newest.id > accord.versionId ? newest : null }
}

/**
 * Versions as read, their accords' `projectId` and `newerVersion` filled in: one query for all of
 * them, none when no version holds an accord (the journal lists' query counts stand).
 */
export async function withAccordLinks<V extends Pick<BlendVersion, 'accords'>>(ex: Executor, userId: string, versions: V[]): Promise<V[]> {
  const projectIds = versions.flatMap((v) => v.accords.map((a) => a.projectId).filter((id): id is number => id !== null))
  if (projectIds.length === 0) return versions
  const newest = await newestVersions(ex, userId, projectIds)
  return versions.map((v) =>
    v.accords.length === 0
      ? v
      : { ...v, accords: v.accords.map((a) => linked(a, a.projectId === null ? undefined : newest.get(a.projectId))) },
  )
}

/** The user's versions that hold a version of blend `projectId` as an accord, with their blends, oldest first. */
export async function usesOfAccord(ex: Executor, userId: string, projectId: number) {
  return ex
    .selectFrom('blend_accord_uses as u')
    .innerJoin('blend_versions as v', 'v.id', 'u.version_id')
    .innerJoin('blend_projects as p', 'p.id', 'v.project_id')
    .innerJoin('blend_versions as a', 'a.id', 'u.accord_version_id')
    .select([
      'p.id as project_id',
      'p.name',
      'p.number',
      'v.id as version_id',
      'v.reference_number',
      'a.reference_number as accord_reference',
    ])
    .where('u.user_id', '=', userId)
    .where('a.user_id', '=', userId)
    .where('u.accord_project_id', '=', projectId)
    .where('v.project_id', '!=', projectId)
    .orderBy('p.number')
    .orderBy('v.id')
    .execute()
}

/** GET /api/blends/{id}/accord-uses's answer: the rows of usesOfAccord grouped by blend; null when blend {id} is not the user's. */
export async function accordUsesOf(ex: Executor, userId: string, projectId: number): Promise<AccordUses | null> {
  const [project, rows] = await Promise.all([
    ex.selectFrom('blend_projects').select('id').where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst(),
    usesOfAccord(ex, userId, projectId),
  ])
  if (!project) return null
  const blends = new Map<number, AccordUses['blends'][number]>()
  for (const r of rows) {
    const blend = blends.get(r.project_id) ?? { id: r.project_id, name: r.name, versions: [] }
    blends.set(r.project_id, blend)
    if (!blend.versions.some((v) => v.id === r.version_id))
      blend.versions.push({ id: r.version_id, referenceNumber: r.reference_number, accordReferenceNumber: r.accord_reference })
  }
  return { blends: [...blends.values()] }
}
