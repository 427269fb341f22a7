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
} from '#shared/api/blends.ts'
import { IdParamSchema } from '#shared/api/ids.ts'
import { createProject, nextVersionOf, renameProject, saveTarget, updateVersionNotes } from '#server/blends/blends-write.repo.ts'
import { saveBlend, saveVersion } from '#server/blends/blend-saves.ts'
import { deleteProject, restoreProject } from '#server/blends/deleted-blends.repo.ts'
import { getSavedBlend } from '#server/blends/blend-lists.repo.ts'
import { blendListRoutes } from '#server/blends/blend-lists.routes.ts'
import { toProject } from '#server/blends/blend-rows.ts'
import { peekNextReference } from '#server/db/counters.ts'
import { AppError, notFound } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'

/**
 * Blends (projects seen as saved blends), projects and versions: docs/product.md §7's calls with
 * its blend model ("One coherent blend model"). All owned by the signed-in user (request.userId, set by the guard).
 */
export const blendsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The reads: GET /blends, /blends/:id and /blend-projects, paged (blend-lists.routes.ts).
  await app.register(blendListRoutes)
  // Creates run in one transaction each, repeatable with an Idempotency-Key.
  const createOnce = createIdempotency(app.db, app.log)

  /** A new blend; a name the user already has (trimmed, any case) saves a new version of it instead. */
  /** A new blend; a name the user already has (trimmed, any case) saves a new version of it instead (blend-saves.ts). */
  app.post(
    '/blends',
    { schema: { body: CreateBlendSchema, response: answers(201, CreatedBlendSchema, IDEMPOTENT) } },
    async (request, reply) => {
      const oils = await app.catalog.byId()
      return createOnce(request, reply, (trx) => saveBlend(trx, request.userId, request.body, oils))
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
      const { id } = request.params
      const oils = await app.catalog.byId()
      const blend = await app.db.kysely.transaction().execute(async (trx) => {
        // docs/product.md §5: a blank name is ignored (the blend keeps its name).
        if (request.body.name.trim() && !(await renameProject(trx, request.userId, id, request.body.name))) return null
        return getSavedBlend(trx, request.userId, id, oils)
      })
      if (!blend) throw notFound('Blend')
      return blend
    },
  )

  app.delete('/blends/:id', { schema: { params: IdParamSchema, response: answers(204) } }, async (request, reply) => {
    const deleted = await app.db.kysely.transaction().execute((trx) => deleteProject(trx, request.userId, request.params.id))
    if (!deleted) throw notFound('Blend')
    return reply.status(204).send()
  })

  /** 'Undo' after a delete: the blend back as it was, within the restore window (docs/decisions/030). */
  app.post('/blends/:id/restore', { schema: { params: IdParamSchema, response: answers(204) } }, async (request, reply) => {
    const restored = await app.db.kysely.transaction().execute((trx) => restoreProject(trx, request.userId, request.params.id))
    if (!restored) throw new AppError(404, 'NOT_FOUND', 'Blend not found: a deleted blend can be restored for 10 minutes')
    return reply.status(204).send()
  })

  app.post(
    '/blend-projects',
    { schema: { body: CreateProjectSchema, response: answers(201, BlendProjectSchema, IDEMPOTENT) } },
    async (request, reply) =>
      createOnce(request, reply, async (trx) => toProject(await createProject(trx, request.userId, request.body), [])),
  )

  app.post(
    '/blend-versions',
    { schema: { body: CreateVersionSchema, response: answers(201, CreatedVersionSchema, IDEMPOTENT, { 404: ['NOT_FOUND'] }) } },
    async (request, reply) => {
      const oils = await app.catalog.byId()
      return createOnce(request, reply, (trx) => saveVersion(trx, request.userId, request.body, oils))
    },
  )

  app.patch(
    '/blend-versions/:id',
    { schema: { params: IdParamSchema, body: UpdateVersionSchema, response: answers(200, BlendVersionSchema) } },
    async (request) => {
      const version = await app.db.kysely
        .transaction()
        .execute((trx) => updateVersionNotes(trx, request.userId, request.params.id, request.body.formulationNotes))
      if (!version) throw notFound('Blend version')
      return version
    },
  )

  app.get('/next-reference-number', { schema: { response: answers(200, NextReferenceSchema) } }, async (request) => ({
    referenceNumber: await peekNextReference(app.db.kysely, request.userId),
  }))
}
