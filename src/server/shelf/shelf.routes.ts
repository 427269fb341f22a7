import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import {
  BatchListQuerySchema,
  BatchListSchema,
  BatchSchema,
  BottleListQuerySchema,
  BottleListSchema,
  BottleSchema,
  CreateBatchSchema,
  CreateBottleSchema,
  ShelfOilListSchema,
  UpdateBottleSchema,
  UpdateUserSettingsSchema,
  UserSettingsSchema,
} from '#shared/api/shelf.ts'
import { AppError, notFound } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { getSettings, setCurrency } from '#server/me/settings.repo.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'
import { createBatch, deleteBatch, listBatches } from '#server/shelf/batches.repo.ts'
import { createBottle, deleteBottle, listBottles, shelfOils, toBottle, updateBottle } from '#server/shelf/shelf.repo.ts'

const invalid = (path: string, message: string) => new AppError(400, 'VALIDATION_ERROR', `${path}: ${message}`, [{ path, message }])
const OVER_SIZE = 'The amount left cannot be more than the bottle holds'

/**
 * The oil shelf (docs/product.md "The oil shelf"): the user's currency, their bottles, the
 * per-oil summary the calculator prices batches with, and batches ("Mark as made" and its undo).
 * Every read and write is the signed-in user's; another user's id answers 404.
 */
export const shelfRoutes: FastifyPluginAsyncZod = async (app) => {
  const createOnce = createIdempotency(app.db, app.log)

  app.get('/me/settings', { schema: { response: answers(200, UserSettingsSchema) } }, async (request) =>
    getSettings(app.db.kysely, request.userId),
  )

  app.put('/me/settings', { schema: { body: UpdateUserSettingsSchema, response: answers(200, UserSettingsSchema) } }, async (request) => {
    return setCurrency(app.db.kysely, request.userId, request.body.currency)
  })

  app.get('/shelf/oils', { schema: { response: answers(200, ShelfOilListSchema) } }, async (request) => {
    const oils = await app.catalog.byId()
    const [items, settings] = await Promise.all([
      shelfOils(app.db.kysely, request.userId, oils),
      getSettings(app.db.kysely, request.userId),
    ])
    return { items, currency: settings.currency }
  })

  app.get('/shelf/bottles', { schema: { querystring: BottleListQuerySchema, response: answers(200, BottleListSchema) } }, async (request) =>
    listBottles(app.db.kysely, request.userId, await app.catalog.byId(), request.query),
  )

  app.post(
    '/shelf/bottles',
    { schema: { body: CreateBottleSchema, response: answers(201, BottleSchema, IDEMPOTENT) } },
    async (request, reply) => {
      const oils = await app.catalog.byId()
      if (!oils.has(request.body.oilId)) throw invalid('body.oilId', `No oil in the catalog has id ${request.body.oilId}`)
      return createOnce(request, reply, async (trx) => toBottle(await createBottle(trx, request.userId, request.body), oils, null))
    },
  )

  app.patch(
    '/shelf/bottles/:id',
    { schema: { params: IdParamSchema, body: UpdateBottleSchema, response: answers(200, BottleSchema) } },
    async (request) => {
      const oils = await app.catalog.byId()
      const result = await app.db.kysely.transaction().execute((trx) => updateBottle(trx, request.userId, request.params.id, request.body))
      if ('bottle' in result) return toBottle(result.bottle, oils, result.declaredAllergens)
      if (result.error === 'not-found') throw notFound('Bottle')
      throw invalid('body.remaining', OVER_SIZE)
    },
  )

  app.delete('/shelf/bottles/:id', { schema: { params: IdParamSchema, response: answers(204) } }, async (request, reply) => {
    const deleted = await app.db.kysely.transaction().execute((trx) => deleteBottle(trx, request.userId, request.params.id))
    if (!deleted) throw notFound('Bottle')
    return reply.status(204).send()
  })

  app.get(
    '/blends/:id/batches',
    { schema: { params: IdParamSchema, querystring: BatchListQuerySchema, response: answers(200, BatchListSchema) } },
    async (request) => {
      const page = await listBatches(app.db.kysely, request.userId, request.params.id, request.query)
      if (!page) throw notFound('Blend')
      return page
    },
  )

  app.post(
    '/blends/:id/batches',
    {
      schema: {
        params: IdParamSchema,
        body: CreateBatchSchema,
        response: answers(201, BatchSchema, IDEMPOTENT, { 409: ['SHELF_CHANGED'] }),
        description: '"Mark as made": records a batch of the blend and takes its oils from the shelf. The server works out the amounts.',
      },
    },
    async (request, reply) => {
      const oils = await app.catalog.byId()
      return createOnce(request, reply, async (trx) => {
        const result = await createBatch(trx, request.userId, request.params.id, request.body, oils)
        if ('batch' in result) return result.batch
        if (result.error === 'not-found') throw notFound('Blend')
        const message = 'That version is not one of this blend’s'
        throw new AppError(404, 'NOT_FOUND', message, [{ path: 'body.versionId', message }])
      })
    },
  )

  app.delete(
    '/batches/:id',
    {
      schema: {
        params: IdParamSchema,
        response: answers(204),
        description: 'Undoes a batch: puts back on the shelf exactly what it took from each bottle.',
      },
    },
    async (request, reply) => {
      const oils = await app.catalog.byId()
      const deleted = await app.db.kysely.transaction().execute((trx) => deleteBatch(trx, request.userId, request.params.id, oils))
      if (!deleted) throw notFound('Batch')
      return reply.status(204).send()
    },
  )
}
