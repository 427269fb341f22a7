import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import { BatchTraceSchema, BottleTraceQuerySchema, BottleTraceSchema, type BatchTrace } from '#shared/api/trace.ts'
import { notFound } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'
import { traceBatch, traceLot } from '#server/shelf/trace.queries.ts'

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
      const found = await traceLot(
        app.db.kysely,
        request.userId,
        request.params.id,
        request.query,
        await app.catalog.forUser(request.userId),
      )
      if (!found) throw notFound('Bottle')
      return found
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
      const found = await traceBatch(app.db.kysely, request.userId, request.params.id, await app.catalog.forUser(request.userId))
      if (!found) throw notFound('Batch')
      return found
    },
  )
}
