import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ShareTokenParamSchema, sharePath } from '#shared/api/shares.ts'
import { COPY_SHARE_PARAM } from '#shared/api/share-token.ts'
import { themeFromCookies } from '#shared/config/theme.ts'
import { findShared } from '#server/shares/shares.repo.ts'
import { SHARE_RATE_LIMIT, toSharedBlend } from '#server/shares/shared-blend.ts'
import { renderMissingSharePage, renderSharedPage } from '#server/shares/shared-page.ts'

/**
 * GET /s/{token}: a share link's public page, rendered on the server and never cached, so a
 * revoked link stops showing the recipe at once.
 */
export const sharedPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/s/:token',
    // A page, not part of the API contract (GET /api/shared/{token} is the recipe as JSON).
    { config: { rateLimit: SHARE_RATE_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      const origin = app.config.publicUrl
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      // The reader's saved theme, if they chose one in Accord; else the page follows the system's.
      const theme = themeFromCookies(request.headers.cookie)
      const parsed = ShareTokenParamSchema.safeParse(request.params)
      const recipe = parsed.success ? await findShared(app.db.kysely, parsed.data.token) : null
      if (!recipe || !parsed.success) return reply.status(404).send(renderMissingSharePage(origin, theme))
      const token = parsed.data.token
      return reply.send(
        renderSharedPage(toSharedBlend(recipe, await app.catalog.forUser(recipe.ownerId)), {
          url: `${origin}${sharePath(token)}`,
          origin,
          copyHref: `/journal?${COPY_SHARE_PARAM}=${token}`,
          theme,
        }),
      )
    },
  )
}
