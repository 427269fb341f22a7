import type { FastifyPluginAsync } from 'fastify'
import { MeSummarySchema, RECENT_BLENDS, type MeSummary } from '#shared/api/me.ts'
import { blendCounts, recentBlends } from '#server/blends/blend-lists.repo.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers } from '#server/openapi/responses.ts'

/**
 * GET /api/me/summary: what Home shows (how many blends, how many tested, the newest few), in two
 * queries and a few kilobytes whatever the size of the collection; kept while the user's data
 * version is unchanged, like the lists.
 */
export const meRoutes: FastifyPluginAsync = async (app) => {
  const cached = createListCache()

  app.get('/me/summary', { schema: { response: answers(200, MeSummarySchema) } }, async (request, reply) =>
    cached(request, reply, await app.dataVersion(request.userId), async () => {
      const [counts, recent] = await Promise.all([
        blendCounts(app.db.kysely, request.userId),
        recentBlends(app.db.kysely, request.userId, RECENT_BLENDS),
      ])
      const body: MeSummary = { blendCount: counts.all, testedCount: counts.tested, recent }
      return { body }
    }),
  )
}
