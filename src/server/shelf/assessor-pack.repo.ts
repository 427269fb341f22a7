import type { Label } from '#shared/api/labels.ts'
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

/** What these batches drew from each bottle, with the bottle as it is now (null once deleted). */
export async function packDraws(ex: Executor, userId: string, batchIds: readonly number[]) {
  if (batchIds.length === 0) return []
  return ex
    .selectFrom('batch_draws')
    .leftJoin('shelf_bottles', (join) =>
      join.onRef('shelf_bottles.id', '=', 'batch_draws.bottle_id').on('shelf_bottles.user_id', '=', userId),
    )
    .select([
      'batch_draws.batch_id',
      'batch_draws.oil_id',
      'batch_draws.ml',
      'shelf_bottles.id as bottle_id',
      'shelf_bottles.lot_code',
      'shelf_bottles.supplier',
      'shelf_bottles.purchased_on',
      'shelf_bottles.best_before',
    ])
    .where('batch_draws.user_id', '=', userId)
    .where('batch_draws.batch_id', 'in', [...batchIds])
    .orderBy('batch_draws.batch_id')
    .orderBy('batch_draws.id')
    .execute()
}

/** The labels saved with these batches, by batch id. */
export async function packLabels(ex: Executor, userId: string, batchIds: readonly number[]): Promise<Map<number, Label>> {
  if (batchIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('batch_labels')
    .select(['batch_id', 'label'])
    .where('user_id', '=', userId)
    .where('batch_id', 'in', [...batchIds])
    .execute()
  return new Map(rows.map((r) => [r.batch_id, JSON.parse(r.label) as Label]))
}
