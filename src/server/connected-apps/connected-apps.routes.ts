import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ClientIdParamSchema, ConnectedAppListSchema } from '#shared/api/connected-apps.ts'
import { disconnectApp, listConnectedApps } from '#server/connected-apps/connected-apps.repo.ts'
import { AppError } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'

/**
 * The account page's "Connected apps" (docs/product.md, "Connect an AI assistant"; decision 046):
 * GET /api/me/connected-apps lists the AI assistants the maker allowed, and DELETE
 * /api/me/connected-apps/{clientId} disconnects one: its tokens and the consent go at once, this
 * process refuses its access tokens at once, and every other process within 5 s.
 */
export const connectedAppsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me/connected-apps', { schema: { response: answers(200, ConnectedAppListSchema) } }, async (request) => ({
    items: await listConnectedApps(app.db.kysely, request.userId),
  }))

  app.delete(
    '/me/connected-apps/:clientId',
    { schema: { params: ClientIdParamSchema, response: answers(204) } },
    async (request, reply) => {
      const { clientId } = request.params
      const disconnected = await app.db.kysely.transaction().execute((trx) => disconnectApp(trx, request.userId, clientId))
      if (!disconnected) throw new AppError(404, 'NOT_FOUND', 'You have not connected this app')
      app.identity.endGrants(request.userId, clientId)
      request.log.info({ userId: request.userId, clientId }, 'connected app disconnected')
      return reply.status(204).send()
    },
  )
}
