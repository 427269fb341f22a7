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
import { eraseDeletedPages } from '#server/db/db.ts'
import { notFound, valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { getSettings, updateSettings } from '#server/me/settings.commands.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'
import { markAsMade, undoBatch } from '#server/shelf/batches.commands.ts'
import { listBatches } from '#server/shelf/batches.repo.ts'
import { addBottle, changeBottle, removeBottle } from '#server/shelf/shelf.commands.ts'
import { listBottles, shelfOils } from '#server/shelf/shelf.repo.ts'

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
    return updateSettings(app.db.kysely, request.userId, request.body)
  })

  app.get('/shelf/oils', { schema: { response: answers(200, ShelfOilListSchema) } }, async (request) => {
    const oils = await app.catalog.forUser(request.userId)
    const [items, settings] = await Promise.all([
      shelfOils(app.db.kysely, request.userId, oils),
      getSettings(app.db.kysely, request.userId),
    ])
    return { items, currency: settings.currency }
  })

  app.get('/shelf/bottles', { schema: { querystring: BottleListQuerySchema, response: answers(200, BottleListSchema) } }, async (request) =>
    listBottles(app.db.kysely, request.userId, await app.catalog.forUser(request.userId), request.query),
  )

  app.post(
    '/shelf/bottles',
    { schema: { body: CreateBottleSchema, response: answers(201, BottleSchema, IDEMPOTENT) } },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      return createOnce(request, reply, async (trx) => valueOrThrow(await addBottle(trx, request.userId, request.body, oils), 'body'))
    },
  )

  app.patch(
    '/shelf/bottles/:id',
    { schema: { params: IdParamSchema, body: UpdateBottleSchema, response: answers(200, BottleSchema) } },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      const outcome = await app.db.kysely
        .transaction()
        .execute((trx) => changeBottle(trx, request.userId, request.params.id, request.body, oils))
      return valueOrThrow(outcome, 'body')
    },
  )

  app.delete('/shelf/bottles/:id', { schema: { params: IdParamSchema, response: answers(204) } }, async (request, reply) => {
    valueOrThrow(await app.db.kysely.transaction().execute((trx) => removeBottle(trx, request.userId, request.params.id)))
    // Its documents went with it (cascade): no copy of their bytes is left in the write-ahead log (decision 080).
    await eraseDeletedPages(app.db)
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
        response: answers(201, BatchSchema, IDEMPOTENT, { 409: ['SHELF_CHANGED'], 422: ['NOT_DRAWABLE'] }),
        description: '"Mark as made": records a batch of the blend and takes its oils from the shelf. The server works out the amounts.',
      },
    },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      // Thrown inside the transaction: a refusal after the shelf was drawn (SHELF_CHANGED) rolls it back.
      return createOnce(request, reply, async (trx) =>
        valueOrThrow(await markAsMade(trx, request.userId, request.params.id, request.body, oils), 'body'),
      )
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
      const oils = await app.catalog.forUser(request.userId)
      // Thrown inside the transaction, so a refused undo writes nothing.
      await app.db.kysely.transaction().execute(async (trx) => valueOrThrow(await undoBatch(trx, request.userId, request.params.id, oils)))
      return reply.status(204).send()
    },
  )
}
