import type { FastifyPluginAsync } from 'fastify'
import {
  BlendListQuerySchema,
  CreateBlendSchema,
  CreateProjectSchema,
  CreateVersionSchema,
  RenameBlendSchema,
  UpdateVersionSchema,
  type VersionOil,
} from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { z } from 'zod'
import { IdParamSchema } from '#shared/api/fields.ts'
import {
  addVersion,
  createProject,
  deleteProject,
  findProjectByName,
  getSavedBlend,
  listProjects,
  listSavedBlends,
  peekNextReference,
  renameProject,
  toProject,
  updateVersionNotes,
  userDataVersion,
} from '#server/blends/blends.repo.ts'
import { AppError, notFound } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { createListItemCache } from '#server/blends/list-items.ts'

type Id = z.infer<typeof IdParamSchema>

/** Every oil must be in the catalog: answers 400 naming the first unknown id. */
function assertKnownOils(ids: number[], oils: Map<number, EssentialOil>) {
  const unknown = ids.find((id) => !oils.has(id))
  if (unknown !== undefined) {
    throw new AppError(400, 'VALIDATION_ERROR', `Unknown oil id ${unknown}`, [{ path: 'body', message: `Unknown oil id ${unknown}` }])
  }
}

const oneOil = (id: number, percentage: number): VersionOil[] => [{ id, name: '', percentage }]

/**
 * Blends (projects seen as saved blends), projects and versions: SPEC.md §7's calls with
 * PRODUCT.md's model. All owned by the signed-in user (request.userId, set by the guard).
 */
export const blendsRoutes: FastifyPluginAsync = async (app) => {
  const cachedList = createListCache()
  // Each blend's list entry, kept until that blend changes (list-items.ts).
  const savedBlendItems = createListItemCache()
  const projectItems = createListItemCache()
  // Creates run in one transaction each, repeatable with an Idempotency-Key.
  const createOnce = createIdempotency(app.db, app.log)

  app.get<{ Querystring: z.infer<typeof BlendListQuerySchema> }>(
    '/blends',
    { schema: { querystring: BlendListQuerySchema } },
    async (request, reply) =>
      cachedList(request, reply, await userDataVersion(app.db, request.userId), async () => ({
        json: await listSavedBlends(app.db, request.userId, await app.catalog.byId(), savedBlendItems, request.query.search),
      })),
  )

  /** A new blend; a name the user already has (trimmed, any case) saves a new version of it instead. */
  app.post<{ Body: z.infer<typeof CreateBlendSchema> }>('/blends', { schema: { body: CreateBlendSchema } }, async (request, reply) => {
    const b = request.body
    const oils = await app.catalog.byId()
    assertKnownOils([b.topNote, b.middleNote, b.baseNote], oils)
    const version = {
      topOils: oneOil(b.topNote, b.topPercentage),
      middleOils: oneOil(b.middleNote, b.middlePercentage),
      baseOils: oneOil(b.baseNote, b.basePercentage),
      effects: b.effects,
      formulationNotes: b.notes,
    }
    return createOnce(request, reply, async (trx) => {
      const existing = await findProjectByName(trx, request.userId, b.name)
      const project = existing ?? (await createProject(trx, request.userId, { name: b.name, description: null }))
      const created = await addVersion(trx, request.userId, project.id, version, oils)
      const blend = await getSavedBlend(trx, request.userId, project.id, oils)
      return { ...blend, version: created }
    })
  })

  app.patch<{ Params: Id; Body: z.infer<typeof RenameBlendSchema> }>(
    '/blends/:id',
    { schema: { params: IdParamSchema, body: RenameBlendSchema } },
    async (request) => {
      const { id } = request.params
      // SPEC.md §5: a blank name is ignored (the blend keeps its name).
      if (request.body.name.trim() && !(await renameProject(app.db, request.userId, id, request.body.name))) throw notFound('Blend')
      const blend = await getSavedBlend(app.db.kysely, request.userId, id, await app.catalog.byId())
      if (!blend) throw notFound('Blend')
      return blend
    },
  )

  app.delete<{ Params: Id }>('/blends/:id', { schema: { params: IdParamSchema } }, async (request, reply) => {
    if (!(await deleteProject(app.db, request.userId, request.params.id))) throw notFound('Blend')
    return reply.status(204).send()
  })

  app.get('/blend-projects', async (request, reply) =>
    cachedList(request, reply, await userDataVersion(app.db, request.userId), async () => ({
      json: await listProjects(app.db, request.userId, projectItems),
    })),
  )

  app.post<{ Body: z.infer<typeof CreateProjectSchema> }>(
    '/blend-projects',
    { schema: { body: CreateProjectSchema } },
    async (request, reply) =>
      createOnce(request, reply, async (trx) => toProject(await createProject(trx, request.userId, request.body), [])),
  )

  app.post<{ Body: z.infer<typeof CreateVersionSchema> }>(
    '/blend-versions',
    { schema: { body: CreateVersionSchema } },
    async (request, reply) => {
      const { projectId, versionLetter: _letter, referenceNumber: _ref, ...input } = request.body
      const oils = await app.catalog.byId()
      assertKnownOils([...input.topOils, ...input.middleOils, ...input.baseOils].map((o) => o.id), oils)
      return createOnce(request, reply, async (trx) => {
        const version = await addVersion(trx, request.userId, projectId, input, oils)
        if (!version) throw notFound('Blend project')
        return version
      })
    },
  )

  app.patch<{ Params: Id; Body: z.infer<typeof UpdateVersionSchema> }>(
    '/blend-versions/:id',
    { schema: { params: IdParamSchema, body: UpdateVersionSchema } },
    async (request) => {
      const version = await updateVersionNotes(app.db, request.userId, request.params.id, request.body.formulationNotes)
      if (!version) throw notFound('Blend version')
      return version
    },
  )

  app.get('/next-reference-number', async (request) => ({ referenceNumber: await peekNextReference(app.db, request.userId) }))
}
