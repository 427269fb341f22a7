import { createHash } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { OilListSchema, OilQuerySchema, type OilQuery } from '#shared/api/oils.ts'
import { filterOils } from '#shared/domain/oil-filter.ts'
import { answers } from '#server/openapi/responses.ts'

export const oilsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: OilQuery }>(
    '/essential-oils',
    { schema: { querystring: OilQuerySchema, response: { ...answers(200, OilListSchema), 304: z.null().describe('Not modified') } }, config: { public: true } },
    async (request, reply) => {
      const oils = filterOils(await app.catalog.all(), request.query)
      const body = JSON.stringify(oils)
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
      reply.header('etag', etag).header('cache-control', 'public, max-age=300')
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
}
