import type { BatchTrace, BottleTrace } from '#shared/api/trace.ts'
import { labelUse } from '#shared/domain/allergen-label.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import type { Executor } from '#server/db/executor.ts'
import { documentsOfBottles } from '#server/shelf/documents.repo.ts'
import { batchLabelOf } from '#server/shelf/labels.commands.ts'
import { declarationsOf, savedLabels } from '#server/shelf/labels.repo.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'
import { batchesWithBlend, compositionOf, lotBatchCount, lotBatches, lotOf, lotsOfBatches } from '#server/shelf/trace.repo.ts'

/**
 * The trace look-ups (issue 36; docs/product.md "Batch records"; decision 081), one answer for every
 * door: GET /api/shelf/bottles/{id}/trace and GET /api/batches/{id}, and the assistant's trace_lot
 * and trace_batch tools. Reads only, scoped to the user: undefined when the id is not theirs.
 */

/** A lot traced forward: the bottle, its documents (without content) and a page of the batches that drew from it. */
export async function traceLot(
  db: Executor,
  userId: string,
  bottleId: number,
  page: { limit: number; cursor?: string | undefined },
  oils: Oils,
): Promise<BottleTrace | undefined> {
  const lot = await lotOf(db, userId, bottleId, oils)
  if (!lot) return undefined
  const [documents, batchCount, batches] = await Promise.all([
    documentsOfBottles(db, userId, [lot.bottleId]),
    lotBatchCount(db, userId, lot.bottleId),
    lotBatches(db, userId, lot.bottleId, page),
  ])
  return { lot, documents: documents.get(lot.bottleId) ?? [], batchCount, batches }
}

/** A batch traced back: its blend, flattened composition, the lots it drew from with their documents, and its label. */
export async function traceBatch(db: Executor, userId: string, batchId: number, oils: Oils): Promise<BatchTrace | undefined> {
  return (await traceBatches(db, userId, [batchId], oils))[0]
}

/**
 * Batches traced back, each as `traceBatch` answers it, in the order of `batchIds` (an id not the
 * user's is left out). Read together, whatever their number: the batches, their draws with the
 * bottles, the bottles' documents, the saved labels and, for the batches without one, the bottles'
 * allergen declarations: five queries at most (the assessor pack's batch records, decision 091).
 */
export async function traceBatches(db: Executor, userId: string, batchIds: readonly number[], oils: Oils): Promise<BatchTrace[]> {
  const found = await batchesWithBlend(db, userId, batchIds)
  if (found.length === 0) return []
  const ids = found.map((f) => f.batch.id)
  const [drawn, saved] = await Promise.all([lotsOfBatches(db, userId, ids, oils), savedLabels(db, userId, ids)])
  const bottleIds = [...drawn.values()].flat().flatMap((d) => (d.lot ? [d.lot.bottleId] : []))
  const toWorkOut = found.filter((f) => !saved.has(f.batch.id) && cosmeticType(f.batch.productType) !== null)
  const [documents, declarations] = await Promise.all([
    documentsOfBottles(db, userId, bottleIds),
    declarationsOf(
      db,
      userId,
      toWorkOut.flatMap((f) => (drawn.get(f.batch.id) ?? []).flatMap((d) => (d.lot ? [d.lot.bottleId] : []))),
    ),
  ])
  const byId = new Map(
    found.map((f): [number, BatchTrace] => {
      const lots = drawn.get(f.batch.id) ?? []
      const type = cosmeticType(f.batch.productType)
      const savedLabel = saved.get(f.batch.id)
      const label = savedLabel
        ? { source: 'saved' as const, label: savedLabel }
        : type
          ? {
              source: 'worked-out' as const,
              label: batchLabelOf(
                f.row,
                lots.map((d) => ({
                  oil_id: d.oilId,
                  ml: d.ml,
                  shelf_id: d.lot?.bottleId ?? null,
                  lot_code: d.lot?.lotCode ?? null,
                  supplier: d.lot?.supplier ?? null,
                })),
                declarations,
                type,
                { fragranceAs: 'inci', base: [] },
                oils,
              ),
            }
          : null
      return [
        f.batch.id,
        {
          batch: f.batch,
          blend: f.blend,
          composition: compositionOf(f.row.oils, f.row.oil_percentage, oils),
          lots: lots.map((d) => ({ ...d, documents: d.lot ? (documents.get(d.lot.bottleId) ?? []) : [] })),
          label,
        },
      ]
    }),
  )
  return batchIds.flatMap((id) => byId.get(id) ?? [])
}

/** The product type when it has a cosmetic label; null for a home product or one not in the usage guide. */
function cosmeticType(productType: string) {
  const type = productTypeById(productType)
  return type && labelUse(type) !== null ? type : null
}
