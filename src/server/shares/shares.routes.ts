import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import {
  CopiedBlendSchema,
  CreateShareSchema,
  ShareLinkListSchema,
  ShareLinkSchema,
  ShareTokenParamSchema,
  SharedBlendSchema,
  type CopiedBlend,
  type SharedBlend,
  type SharedOil,
} from '#shared/api/shares.ts'
import type { VersionOil } from '#shared/api/blends.ts'
import { combinedEffects, scentProfile } from '#shared/domain/blend-properties.ts'
import { addVersion, createProject } from '#server/blends/blends-write.repo.ts'
import { AppError, notFound } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'
import {
  MAX_LINKS_PER_BLEND,
  findShared,
  shareBlend,
  listShares,
  restoreShare,
  revokeShare,
  type SharedRecipe,
} from '#server/shares/shares.repo.ts'

/** Share creation and reads of links, per client address and minute (docs/product.md "Sharing"). */
export const SHARE_RATE_LIMIT = { max: 60, timeWindow: 60_000 }

/** A link that is not there (never made, or revoked) says only that: nothing of whose it was. */
const noSuchLink = () => new AppError(404, 'NOT_FOUND', 'This share link does not exist or was revoked by its owner')

/** What a reader sees of a link: the recipe, with notes and name only as the owner chose. */
export function toSharedBlend(recipe: SharedRecipe, oils: Map<number, EssentialOil>): SharedBlend {
  const shown = (list: VersionOil[]): SharedOil[] =>
    list.map((o) => ({ name: oils.get(o.id)?.name ?? o.name, latinName: oils.get(o.id)?.latinName ?? null, percentage: o.percentage }))
  const first = (list: VersionOil[]) => (list[0] ? (oils.get(list[0].id) ?? null) : null)
  const composition = {
    topNote: first(recipe.version.top),
    middleNote: first(recipe.version.middle),
    baseNote: first(recipe.version.base),
    topPercentage: 0,
    middlePercentage: 0,
    basePercentage: 0,
  }
  return {
    name: recipe.name,
    reference: recipe.version.reference_number,
    layers: { top: shown(recipe.version.top), middle: shown(recipe.version.middle), base: shown(recipe.version.base) },
    effects: combinedEffects(composition),
    scentProfile: scentProfile(composition),
    notes: recipe.includeNotes ? recipe.version.formulation_notes : null,
    sharedBy: recipe.sharedBy,
  }
}

/**
 * Share links: the owner makes, lists and revokes links to a version of their blend; anyone with
 * a link reads the recipe; a signed-in reader copies it into their own journal. Answers and the
 * reader's URLs name the token, never the blend's id.
 */
export const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const createOnce = createIdempotency(app.db, app.log)

  app.get('/blends/:id/shares', { schema: { params: IdParamSchema, response: answers(200, ShareLinkListSchema) } }, async (request) => {
    const items = await listShares(app.db.kysely, request.userId, request.params.id)
    if (!items) throw notFound('Blend')
    return { items }
  })

  app.post(
    '/blends/:id/shares',
    {
      schema: {
        params: IdParamSchema,
        body: CreateShareSchema,
        response: answers(201, ShareLinkSchema, IDEMPOTENT, { 409: ['TOO_MANY_LINKS'] }),
      },
      config: { rateLimit: SHARE_RATE_LIMIT },
    },
    async (request, reply) => createOnce(request, reply, (trx) => shareBlend(trx, request.userId, request.params.id, request.body)),
  )

  app.delete('/shares/:token', { schema: { params: ShareTokenParamSchema, response: answers(204) } }, async (request, reply) => {
    const revoked = await app.db.kysely.transaction().execute((trx) => revokeShare(trx, request.userId, request.params.token))
    if (!revoked) throw noSuchLink()
    return reply.status(204).send()
  })

  /** 'Undo' after a revoke: the link works again, with its token, within the restore window (decision 041). */
  app.post(
    '/shares/:token/restore',
    { schema: { params: ShareTokenParamSchema, response: answers(204, undefined, { 409: ['TOO_MANY_LINKS'] }) } },
    async (request, reply) => {
      const result = await app.db.kysely.transaction().execute((trx) => restoreShare(trx, request.userId, request.params.token))
      if (result === 'not-found')
        throw new AppError(404, 'NOT_FOUND', 'Share link not found: a revoked link can be restored for 10 minutes')
      if (result === 'too-many')
        throw new AppError(409, 'TOO_MANY_LINKS', `A blend can have ${MAX_LINKS_PER_BLEND} links at once: revoke one to restore this one`)
      return reply.status(204).send()
    },
  )

  app.get(
    '/shared/:token',
    {
      schema: { params: ShareTokenParamSchema, response: answers(200, SharedBlendSchema) },
      config: { public: true, rateLimit: SHARE_RATE_LIMIT },
    },
    async (request) => {
      const recipe = await findShared(app.db.kysely, request.params.token)
      if (!recipe) throw noSuchLink()
      return toSharedBlend(recipe, await app.catalog.byId())
    },
  )

  app.post(
    '/shared/:token/copy',
    {
      schema: { params: ShareTokenParamSchema, response: answers(201, CopiedBlendSchema, IDEMPOTENT) },
      config: { rateLimit: SHARE_RATE_LIMIT },
    },
    async (request, reply) => {
      const oils = await app.catalog.byId()
      return createOnce(request, reply, async (trx): Promise<CopiedBlend> => {
        const recipe = await findShared(trx, request.params.token)
        if (!recipe) throw noSuchLink()
        const project = await createProject(trx, request.userId, { name: recipe.name, description: null })
        await trx
          .updateTable('blend_projects')
          .set({ copied_from_share: 1 })
          .where('id', '=', project.id)
          .where('user_id', '=', request.userId)
          .execute()
        const shared = toSharedBlend(recipe, oils)
        const version = await addVersion(
          trx,
          request.userId,
          project.id,
          {
            topOils: recipe.version.top,
            middleOils: recipe.version.middle,
            baseOils: recipe.version.base,
            effects: shared.effects,
            formulationNotes: shared.notes,
          },
          oils,
        )
        return { id: project.id, name: project.name, reference: version!.referenceNumber }
      })
    },
  )
}
