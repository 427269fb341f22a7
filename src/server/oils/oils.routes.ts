import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OilListSchema, OilQuerySchema } from '#shared/api/oils.ts'
import { filterOils } from '#shared/domain/oil-filter.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers } from '#server/openapi/responses.ts'

/** The catalog only changes at deploy time (seeding runs before listen), so its answers never go stale in a process. */
const CATALOG_VERSION = 0

export const oilsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each query's body, ETag and compressed forms are made once and then sent as they are.
  const cached = createListCache(256, 8 * 1024 * 1024, { shared: true, cacheControl: 'public, max-age=300', bestCompression: true })

  app.get(
    '/essential-oils',
    {
      schema: { querystring: OilQuerySchema, response: { ...answers(200, OilListSchema), 304: z.null().describe('Not modified') } },
      config: { public: true },
    },
    async (request, reply) =>
      cached(request, reply, CATALOG_VERSION, async () => ({ body: filterOils(await app.catalog.all(), request.query) })),
  )
}
