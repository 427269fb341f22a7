import type { BatchTrace, BottleTrace } from '#shared/api/trace.ts'
import { labelUse } from '#shared/domain/allergen-label.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import type { Executor } from '#server/db/executor.ts'
import { documentsOfBottles } from '#server/shelf/documents.repo.ts'
import { workOutBatchLabel } from '#server/shelf/labels.commands.ts'
import { savedLabel } from '#server/shelf/labels.repo.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'
import { batchWithBlend, compositionOf, lotBatchCount, lotBatches, lotOf, lotsOfBatch } from '#server/shelf/trace.repo.ts'

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
  const found = await batchWithBlend(db, userId, batchId)
  if (!found) return undefined
  const drawn = await lotsOfBatch(db, userId, found.batch.id, oils)
  const documents = await documentsOfBottles(
    db,
    userId,
    drawn.flatMap((d) => (d.lot ? [d.lot.bottleId] : [])),
  )
  const saved = await savedLabel(db, userId, found.batch.id)
  const type = productTypeById(found.batch.productType)
  const label = saved
    ? { source: 'saved' as const, label: saved }
    : type && labelUse(type) !== null
      ? {
          source: 'worked-out' as const,
          label: await workOutBatchLabel(db, userId, found.row, type, { fragranceAs: 'inci', base: [] }, oils),
        }
      : null
  return {
    batch: found.batch,
    blend: found.blend,
    composition: compositionOf(found.row.oils, found.row.oil_percentage, oils),
    lots: drawn.map((d) => ({ ...d, documents: d.lot ? (documents.get(d.lot.bottleId) ?? []) : [] })),
    label,
  }
}
