import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import {
  CopiedBlendSchema,
  CreateShareSchema,
  ShareLinkListSchema,
  ShareLinkSchema,
  ShareTokenParamSchema,
  SharedBlendSchema,
} from '#shared/api/shares.ts'
import { AppError, notFound, valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'
import { copySharedBlend, NO_SUCH_LINK, restoreShare, revokeShare, shareBlend } from '#server/shares/shares.commands.ts'
import { findShared, listShares } from '#server/shares/shares.repo.ts'
import { SHARE_RATE_LIMIT, toSharedBlend } from '#server/shares/shared-blend.ts'

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
    async (request, reply) =>
      createOnce(request, reply, async (trx) => valueOrThrow(await shareBlend(trx, request.userId, request.params.id, request.body))),
  )

  app.delete('/shares/:token', { schema: { params: ShareTokenParamSchema, response: answers(204) } }, async (request, reply) => {
    valueOrThrow(await app.db.kysely.transaction().execute((trx) => revokeShare(trx, request.userId, request.params.token)))
    return reply.status(204).send()
  })

  /** 'Undo' after a revoke: the link works again, with its token, within the restore window (decision 041). */
  app.post(
    '/shares/:token/restore',
    { schema: { params: ShareTokenParamSchema, response: answers(204, undefined, { 409: ['TOO_MANY_LINKS'] }) } },
    async (request, reply) => {
      valueOrThrow(await app.db.kysely.transaction().execute((trx) => restoreShare(trx, request.userId, request.params.token)))
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
      if (!recipe) throw new AppError(404, 'NOT_FOUND', NO_SUCH_LINK)
      return toSharedBlend(recipe, await app.catalog.forUser(recipe.ownerId))
    },
  )

  app.post(
    '/shared/:token/copy',
    {
      schema: { params: ShareTokenParamSchema, response: answers(201, CopiedBlendSchema, IDEMPOTENT) },
      config: { rateLimit: SHARE_RATE_LIMIT },
    },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      return createOnce(request, reply, async (trx) => valueOrThrow(await copySharedBlend(trx, request.userId, request.params.token, oils)))
    },
  )
}
