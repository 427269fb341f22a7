import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import { BatchTraceSchema, BottleTraceQuerySchema, BottleTraceSchema, type BatchTrace } from '#shared/api/trace.ts'
import { labelUse } from '#shared/domain/allergen-label.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { notFound } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'
import { documentsOfBottles } from '#server/shelf/documents.repo.ts'
import { workOutBatchLabel } from '#server/shelf/labels.commands.ts'
import { savedLabel } from '#server/shelf/labels.repo.ts'
import { batchWithBlend, compositionOf, lotBatchCount, lotBatches, lotOf, lotsOfBatch } from '#server/shelf/trace.repo.ts'

/**
 * The trace look-ups (issue 36; docs/product.md "Batch records"; decision 081): from a lot, the
 * batches that drew from it (a page at a time); from a batch, the lots it drew from with their
 * documents, its composition and its label. Reads only; another user's id answers 404.
 */
export const traceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shelf/bottles/:id/trace',
    {
      schema: {
        params: IdParamSchema,
        querystring: BottleTraceQuerySchema,
        response: answers(200, BottleTraceSchema),
        description:
          'A lot (one of your bottles) traced forward: the bottle, its documents (without their content), and the batches that drew from it, newest first, a page at a time, with how much of the lot each took.',
      },
    },
    async (request) => {
      const { userId } = request
      const oils = await app.catalog.forUser(userId)
      const db = app.db.kysely
      const lot = await lotOf(db, userId, request.params.id, oils)
      if (!lot) throw notFound('Bottle')
      const [documents, batchCount, batches] = await Promise.all([
        documentsOfBottles(db, userId, [lot.bottleId]),
        lotBatchCount(db, userId, lot.bottleId),
        lotBatches(db, userId, lot.bottleId, request.query),
      ])
      return { lot, documents: documents.get(lot.bottleId) ?? [], batchCount, batches }
    },
  )

  app.get(
    '/batches/:id',
    {
      schema: {
        params: IdParamSchema,
        response: answers(200, BatchTraceSchema),
        description:
          'A batch traced back: the batch, its blend, its flattened composition, every lot it drew from with the lot’s documents (without their content), and its allergen label (saved with it, or worked out now when none was saved; null for a home product).',
      },
    },
    async (request): Promise<BatchTrace> => {
      const { userId } = request
      const oils = await app.catalog.forUser(userId)
      const db = app.db.kysely
      const found = await batchWithBlend(db, userId, request.params.id)
      if (!found) throw notFound('Batch')
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
    },
  )
}
