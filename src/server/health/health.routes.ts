import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { describeDbError, pingDb } from '#server/db/db.ts'
import { errorBody } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'

const HealthSchema = z.object({
  status: z.literal('ok'),
  /** Present while something works in a reduced way, e.g. the abuse limits counting per process. */
  detail: z.string().optional(),
})

/** A health check answers within this, whatever the database does: a load balancer waits for no one. */
export const HEALTH_TIMEOUT_MS = 2_000

/** Rejects when ping takes longer than ms; its late outcome is ignored. */
function pingWithin(ping: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms)
  })
  ping.catch(() => {})
  return Promise.race([ping, timeout]).finally(() => clearTimeout(timer))
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { response: answers(200, HealthSchema, { 503: ['UNAVAILABLE'] }) } },
    async (request, reply) => {
      try {
        await pingWithin(pingDb(app.db), HEALTH_TIMEOUT_MS)
        const since = app.limitsHealth.redisUnreachableSince
        if (since)
          return {
            status: 'ok' as const,
            detail: `Redis has been unreachable since ${since.toISOString()}: the abuse limits count in each process until it returns.`,
          }
        return { status: 'ok' as const }
      } catch (err) {
        request.log.error({ err: describeDbError(err) }, 'health check: database unreachable')
        return reply.status(503).send(errorBody('UNAVAILABLE', 'The database is not reachable'))
      }
    },
  )
}
