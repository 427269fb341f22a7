import type { BlendVersion } from '#shared/api/blends.ts'
import { snapshotOf, type StoredLine } from '#shared/domain/accords.ts'
import { storedLayersOf } from '#server/blends/blend-rows.ts'
import type { Db } from '#server/db/db.ts'

/**
 * Puts an accord into a layer of a saved version, in the stored shape of decision 072 (a line
 * `{accord: AccordSnapshot, percentage}` beside the layer's oils), straight into the row: the tests
 * of weighing an accord (decision 074) need versions with accords before the save that makes them
 * exists. The host layer's oils are replaced by `oils`; the accord's snapshot is taken from its row.
 */
export async function putAccordInLayer(
  db: Db,
  host: Pick<BlendVersion, 'id'>,
  accord: { versionId: number; blendName: string },
  layer: 'top_oils' | 'middle_oils' | 'base_oils',
  percentage: number,
  oils: StoredLine[] = [],
): Promise<void> {
  const row = await db.kysely
    .selectFrom('blend_versions')
    .select(['id', 'project_id', 'reference_number', 'top_oils', 'middle_oils', 'base_oils'])
    .where('id', '=', accord.versionId)
    .executeTakeFirstOrThrow()
  const snapshot = snapshotOf(
    { id: row.id, projectId: row.project_id, referenceNumber: row.reference_number, layers: storedLayersOf(row) },
    accord.blendName,
  )
  await db.kysely
    .updateTable('blend_versions')
    .set({ [layer]: JSON.stringify([...oils, { accord: snapshot, percentage }]) })
    .where('id', '=', host.id)
    .execute()
}
