import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MeSummarySchema } from '#shared/api/me.ts'
import { readMeSummary } from '#server/me/summary.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers, NOT_MODIFIED } from '#server/openapi/responses.ts'

/**
 * GET /api/me/summary: what Home shows (how many blends, how many tested, the newest few), in two
 * queries and a few kilobytes whatever the size of the collection; kept while the user's data
 * version is unchanged, like the lists.
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = createListCache()

  app.get('/me/summary', { schema: { response: { ...answers(200, MeSummarySchema), ...NOT_MODIFIED } } }, async (request, reply) =>
    cached(request, reply, await app.dataVersion(request.userId), async () => ({ body: await readMeSummary(app.db.kysely, request.userId) })),
  )
}
