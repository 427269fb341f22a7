import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CreateBlendSchema,
  CreateProjectSchema,
  CreateVersionSchema,
  RenameBlendSchema,
  SavePreviewQuerySchema,
  SavePreviewSchema,
  UpdateVersionSchema,
  type SavePreview,
  BlendProjectSchema,
  BlendVersionSchema,
  CreatedBlendSchema,
  CreatedVersionSchema,
  NextReferenceSchema,
  SavedBlendSchema,
  BlendVersionParamsSchema,
} from '#shared/api/blends.ts'
import { IdParamSchema } from '#shared/api/ids.ts'
import { nextVersionOf, saveTarget } from '#server/blends/blends-write.repo.ts'
import {
  changeVersionNotes,
  createBlendProject,
  deleteBlend,
  followAccords,
  renameBlend,
  restoreBlend,
  saveBlend,
  saveVersion,
} from '#server/blends/blends.commands.ts'
import { blendListRoutes } from '#server/blends/blend-lists.routes.ts'
import { peekNextReference } from '#server/db/counters.ts'
import { valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'

/**
 * Blends (projects seen as saved blends), projects and versions: docs/product.md §7's calls with
 * its blend model ("One coherent blend model"). All owned by the signed-in user (request.userId, set by the guard).
 * Every write is a command of blends.commands.ts, run in the route's transaction; its refusal is
 * thrown there (valueOrThrow), so the transaction rolls back and the declared status is answered.
 */
export const blendsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The reads: GET /blends, /blends/:id and /blend-projects, paged (blend-lists.routes.ts).
  await app.register(blendListRoutes)
  // Creates run in one transaction each, repeatable with an Idempotency-Key.
  const createOnce = createIdempotency(app.db, app.log)

  /** A new blend; a name the user already has (trimmed, any case) saves a new version of it instead (blends.commands.ts). */
  app.post(
    '/blends',
    { schema: { body: CreateBlendSchema, response: answers(201, CreatedBlendSchema, IDEMPOTENT, { 404: ['NOT_FOUND'] }) } },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      return createOnce(request, reply, async (trx) =>
        valueOrThrow(await saveBlend(trx, request.userId, request.body, oils), 'body', 'as-given'),
      )
    },
  )

  /**
   * What saving the wizard under this name would do now (docs/decisions/037-comparing-versions.md):
   * the save's own rule (saveTarget), read outside a transaction, with the reference it would get.
   */
  app.get(
    '/blends/save-preview',
    { schema: { querystring: SavePreviewQuerySchema, response: answers(200, SavePreviewSchema) } },
    async (request): Promise<SavePreview> => {
      const target = await saveTarget(app.db.kysely, request.userId, request.query.name)
      if (target.outcome === 'versioned') {
        return { outcome: 'versioned', ...nextVersionOf(target.project), blend: { id: target.project.id, name: target.project.name } }
      }
      return {
        outcome: 'created',
        versionLetter: 'a',
        referenceNumber: await peekNextReference(app.db.kysely, request.userId),
        blend: null,
      }
    },
  )

  app.patch(
    '/blends/:id',
    { schema: { params: IdParamSchema, body: RenameBlendSchema, response: answers(200, SavedBlendSchema) } },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      // docs/product.md §5: a blank name is ignored (the blend keeps its name).
      return app.db.kysely
        .transaction()
        .execute(async (trx) =>
          valueOrThrow(await renameBlend(trx, request.userId, request.params.id, request.body.name, oils), 'body', 'as-given'),
        )
    },
  )

  app.delete('/blends/:id', { schema: { params: IdParamSchema, response: answers(204) } }, async (request, reply) => {
    valueOrThrow(await app.db.kysely.transaction().execute((trx) => deleteBlend(trx, request.userId, request.params.id)))
    return reply.status(204).send()
  })

  /** 'Undo' after a delete: the blend back as it was, within the restore window (docs/decisions/030). */
  app.post('/blends/:id/restore', { schema: { params: IdParamSchema, response: answers(204) } }, async (request, reply) => {
    // Answered after the commit: a refused restore still sweeps the kept rows whose window has passed.
    valueOrThrow(await app.db.kysely.transaction().execute((trx) => restoreBlend(trx, request.userId, request.params.id)))
    return reply.status(204).send()
  })

  app.post(
    '/blend-projects',
    { schema: { body: CreateProjectSchema, response: answers(201, BlendProjectSchema, IDEMPOTENT) } },
    async (request, reply) =>
      createOnce(request, reply, async (trx) =>
        valueOrThrow(await createBlendProject(trx, request.userId, request.body), 'body', 'as-given'),
      ),
  )

  app.post(
    '/blend-versions',
    { schema: { body: CreateVersionSchema, response: answers(201, CreatedVersionSchema, IDEMPOTENT, { 404: ['NOT_FOUND'] }) } },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      return createOnce(request, reply, async (trx) =>
        valueOrThrow(await saveVersion(trx, request.userId, request.body, oils), 'body', 'as-given'),
      )
    },
  )

  /**
   * "Use the newer version" (decision 072): a new version of the blend, the same as {versionId} with
   * each accord that has a newer version pinned to the newest, under a save's rules (a cycle the newer
   * version makes is refused, 400). 409 when no accord has a newer version.
   */
  app.post(
    '/blends/:id/versions/:versionId/follow-accords',
    {
      schema: {
        description:
          'A new version of the blend, the same as {versionId} with each accord whose blend has a newer version pinned to the newest (same percentage, its oils as they are now), saved under the rules of POST /api/blend-versions: a blend cannot contain itself at any depth, and accords nest at most 3 deep. 409 NOTHING_NEWER when no accord has a newer version.',
        params: BlendVersionParamsSchema,
        response: answers(201, CreatedVersionSchema, IDEMPOTENT, { 404: ['NOT_FOUND'], 409: ['NOTHING_NEWER'] }),
      },
    },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      return createOnce(request, reply, async (trx) =>
        valueOrThrow(await followAccords(trx, request.userId, request.params.id, request.params.versionId, oils)),
      )
    },
  )

  app.patch(
    '/blend-versions/:id',
    { schema: { params: IdParamSchema, body: UpdateVersionSchema, response: answers(200, BlendVersionSchema) } },
    async (request) => {
      return app.db.kysely
        .transaction()
        .execute(async (trx) =>
          valueOrThrow(await changeVersionNotes(trx, request.userId, request.params.id, request.body.formulationNotes), 'body', 'as-given'),
        )
    },
  )

  app.get('/next-reference-number', { schema: { response: answers(200, NextReferenceSchema) } }, async (request) => ({
    referenceNumber: await peekNextReference(app.db.kysely, request.userId),
  }))
}
