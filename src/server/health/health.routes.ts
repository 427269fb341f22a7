import type { FastifyPluginAsync } from 'fastify'
import { pingDb } from '#server/db/db.ts'
import { errorBody } from '#server/http/errors.ts'

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { public: true } }, async (request, reply) => {
    try {
      await pingDb(app.db)
      return { status: 'ok' as const }
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send(errorBody('UNAVAILABLE', 'The database is not reachable'))
    }
  })
}
