import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import {
  AllergenListSchema,
  BatchLabelAnswerSchema,
  BatchLabelParamsSchema,
  BottleDeclarationSchema,
  ClpNoticeSchema,
  ClpPreviewRequestSchema,
  DeclarationAnswerSchema,
  LabelPreviewRequestSchema,
  LabelSchema,
  PutBatchLabelSchema,
  PutDeclarationSchema,
} from '#shared/api/labels.ts'
import { EU_ALLERGEN_SOURCE, EU_ALLERGENS } from '#shared/domain/eu-allergens.ts'
import { valueOrThrow } from '#server/http/errors.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers } from '#server/openapi/responses.ts'
import { previewClpNotice, previewLabel, readBatchLabel, saveBatchLabel } from '#server/shelf/labels.commands.ts'
import { putDeclaration, readDeclaration, removeDeclaration } from '#server/shelf/shelf.commands.ts'

/** The allergen list is code: it changes only with a deploy, so its answer never goes stale in a process. */
const ALLERGENS_VERSION = 0

/**
 * Allergen labels (docs/product.md "Allergen labels"; decision 044): the EU allergen list, each
 * bottle's supplier declaration, a label previewed from the calculator, and a label saved with a
 * recorded batch. Every read and write but the list is the signed-in user's; another user's id
 * answers 404.
 */
export const labelRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = createListCache(4, 1024 * 1024, { shared: true, cacheControl: 'public, max-age=300', bestCompression: true })

  app.get(
    '/allergens',
    {
      schema: {
        response: { ...answers(200, AllergenListSchema), 304: z.null().describe('Not modified') },
        description: 'The EU fragrance allergens: Annex III to Regulation (EC) No 1223/2009 as amended by Regulation (EU) 2023/1545.',
      },
      config: { public: true },
    },
    async (request, reply) =>
      cached(request, reply, ALLERGENS_VERSION, async () => ({
        body: { source: EU_ALLERGEN_SOURCE, count: EU_ALLERGENS.length, items: EU_ALLERGENS },
      })),
  )

  app.get(
    '/shelf/bottles/:id/declaration',
    {
      schema: {
        params: IdParamSchema,
        response: answers(200, DeclarationAnswerSchema),
        description: 'The bottle’s supplier allergen declaration; null when it has none.',
      },
    },
    async (request) => {
      return { declaration: valueOrThrow(await readDeclaration(app.db.kysely, request.userId, request.params.id)) }
    },
  )

  app.put(
    '/shelf/bottles/:id/declaration',
    {
      schema: {
        params: IdParamSchema,
        body: PutDeclarationSchema,
        response: answers(200, BottleDeclarationSchema),
        description:
          'Replaces the bottle’s supplier allergen declaration (one per bottle, i.e. per lot). Sending the same body again changes nothing else.',
      },
    },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      const outcome = await app.db.kysely
        .transaction()
        .execute((trx) => putDeclaration(trx, request.userId, request.params.id, request.body, oils))
      return valueOrThrow(outcome, 'body')
    },
  )

  app.delete(
    '/shelf/bottles/:id/declaration',
    { schema: { params: IdParamSchema, response: answers(204), description: 'Removes the bottle’s allergen declaration, if it has one.' } },
    async (request, reply) => {
      valueOrThrow(await app.db.kysely.transaction().execute((trx) => removeDeclaration(trx, request.userId, request.params.id)))
      return reply.status(204).send()
    },
  )

  app.post(
    '/labels/preview',
    {
      schema: {
        body: LabelPreviewRequestSchema,
        response: answers(200, LabelSchema, { 404: ['NOT_FOUND'], 422: ['NOT_A_COSMETIC'] }),
        description:
          'The allergen label of a batch as "Mark as made" would draw it from your shelf now. Writes nothing. Home products are not cosmetics and are refused (422).',
      },
    },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      return valueOrThrow(await previewLabel(app.db.kysely, request.userId, request.body, oils), 'body')
    },
  )

  app.post(
    '/labels/home-preview',
    {
      schema: {
        body: ClpPreviewRequestSchema,
        response: answers(200, ClpNoticeSchema, { 404: ['NOT_FOUND'], 422: ['A_COSMETIC'] }),
        description:
          'For a home product (candle, wax melt, room spray, diffuser): the declared EU Annex III allergens its CLP label would name in "Contains ..." (0.1 % or more) and those at 1 % or more, from your shelf now. Not a CLP classification. Writes nothing. Cosmetics are refused (422): their label is POST /labels/preview.',
      },
    },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      return valueOrThrow(await previewClpNotice(app.db.kysely, request.userId, request.body, oils), 'body')
    },
  )

  app.get(
    '/blends/:id/batches/:batchId/label',
    {
      schema: {
        params: BatchLabelParamsSchema,
        response: answers(200, BatchLabelAnswerSchema),
        description: 'The label saved with the batch; null when none was saved.',
      },
    },
    async (request) => {
      return { label: valueOrThrow(await readBatchLabel(app.db.kysely, request.userId, request.params.id, request.params.batchId)) }
    },
  )

  app.put(
    '/blends/:id/batches/:batchId/label',
    {
      schema: {
        params: BatchLabelParamsSchema,
        body: PutBatchLabelSchema,
        response: answers(200, LabelSchema, { 422: ['NOT_A_COSMETIC', 'UNKNOWN_PRODUCT_TYPE'] }),
        description:
          'Computes the batch’s allergen label from what it drew from each bottle and the bottles’ declarations as they are now, and saves it with the batch (replacing an earlier one). Home products are refused (422 NOT_A_COSMETIC).',
      },
    },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      const { id, batchId } = request.params
      const outcome = await app.db.kysely
        .transaction()
        .execute((trx) => saveBatchLabel(trx, request.userId, id, batchId, request.body, oils))
      return valueOrThrow(outcome, 'body')
    },
  )
}
