import { createRequire } from 'node:module'
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

type Incr = (
  key: string,
  cb: (err: Error | null, result: { current: number; ttl: number } | null) => void,
  timeWindow: number,
  max: number,
) => void
type Store = { incr: Incr; child: (routeOptions: unknown) => Store }
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean }

// @fastify/rate-limit's own stores, to wrap rather than rewrite.
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (ce: boolean, eb: boolean, redis: Redis, key: string) => Store
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (ce: boolean, eb: boolean, cache?: number) => Store

/** Whether the limits are shared through Redis now, or counted in this process because it is unreachable. */
export type LimitsHealth = { redisUnreachableSince: Date | null }

/** How long a Redis command may take before the request counts in this process instead (decision 058). */
export const REDIS_COMMAND_TIMEOUT_MS = 150
/** While Redis is unreachable, one request this often tries it again; the others count here at once. */
export const REDIS_RETRY_EVERY_MS = 1_000

/**
 * The abuse limits' store with REDIS_URL: counts in Redis, so every process shares them, and while
 * Redis cannot be reached, in this process's memory instead of not at all (decision 041). A
 * log line says when it falls back and when Redis is back; `health` says so meanwhile. A Redis that
 * is down or stops answering costs a request at most the command timeout, and only one request a
 * second while it stays so (decision 058).
 */
export function fallbackLimitStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger, health: LimitsHealth) {
  let nextTryAt = 0
  const wrap = (shared: Store, local: Store): Store => ({
    incr(key, cb, timeWindow, max) {
      if (health.redisUnreachableSince && Date.now() < nextTryAt) return local.incr(key, cb, timeWindow, max)
      nextTryAt = Date.now() + REDIS_RETRY_EVERY_MS
      shared.incr(
        key,
        (err, result) => {
          if (!err) {
            if (health.redisUnreachableSince) log.warn('rate limits: Redis is back; limits are shared again')
            health.redisUnreachableSince = null
            return cb(null, result)
          }
          if (!health.redisUnreachableSince) {
            health.redisUnreachableSince = new Date()
            log.error({ err: { message: err.message } }, 'rate limits: Redis is unreachable; counting in this process until it returns')
          }
          local.incr(key, cb, timeWindow, max)
        },
        timeWindow,
        max,
      )
    },
    child: (routeOptions) => wrap(shared.child(routeOptions), local.child(routeOptions)),
  })
  // The plugin calls incr with the window and the maximum too, which its types leave out.
  return class FallbackStore {
    incr: Incr
    child: Store['child']
    constructor(params: StoreParams) {
      const [ce, eb] = [params.continueExceeding === true, params.exponentialBackoff === true]
      const store = wrap(new RedisStore(ce, eb, redis, nameSpace), new LocalStore(ce, eb))
      this.incr = store.incr
      this.child = store.child
    }
  } as unknown as FastifyRateLimitStoreCtor
}
