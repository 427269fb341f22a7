import type { Executor } from '#server/db/executor.ts'

/**
 * The safety assessor pack's reads (decision 083): data access only, every query scoped by the
 * signed-in user, each bounded. The pack writes nothing; the tables it reads are kept by their own
 * features' commands.
 */

/** The user's versions named, with their blend's id and name (a version not theirs is absent). */
export async function packVersions(ex: Executor, userId: string, versionIds: readonly number[]) {
  if (versionIds.length === 0) return []
  return ex
    .selectFrom('blend_versions')
    .innerJoin('blend_projects', 'blend_projects.id', 'blend_versions.project_id')
    .select([
      'blend_versions.id',
      'blend_versions.project_id',
      'blend_versions.reference_number',
      'blend_versions.top_oils',
      'blend_versions.middle_oils',
      'blend_versions.base_oils',
      'blend_projects.name',
    ])
    .where('blend_versions.user_id', '=', userId)
    .where('blend_projects.user_id', '=', userId)
    .where('blend_versions.id', 'in', [...versionIds])
    .execute()
}

/** The user's batches of these versions at this product type, newest first, at most `limit`. */
export async function packBatches(ex: Executor, userId: string, versionId: number, productType: string, limit: number) {
  return ex
    .selectFrom('batches')
    .select([
      'id',
      'version_id',
      'code',
      'made_on',
      'weight',
      'unit',
      'oil_percentage',
      'audience',
      'cross_contamination_prevented',
      'weighed_in_grams',
    ])
    .where('user_id', '=', userId)
    .where('version_id', '=', versionId)
    .where('product_type', '=', productType)
    .orderBy('made_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** How many of the user's batches of this version at this product type there are. */
export async function packBatchCount(ex: Executor, userId: string, versionId: number, productType: string): Promise<number> {
  const row = await ex
    .selectFrom('batches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('version_id', '=', versionId)
    .where('product_type', '=', productType)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
