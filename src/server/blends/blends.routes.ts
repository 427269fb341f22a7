import type { FastifyPluginAsync } from 'fastify'

/** The signed-in user's blends (GET /api/blends); requires a bearer token like every non-public route. */
export const blendsRoutes: FastifyPluginAsync = async (app) => {
  // Blend storage arrives with the blend creator (issue #5); until then every journal is empty.
  app.get('/blends', async () => [])
}
