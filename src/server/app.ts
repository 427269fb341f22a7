import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify'
import { Redis } from 'ioredis'
import { accountRoutes } from '#server/account/account.routes.ts'
import { assessorPackRoutes } from '#server/shelf/assessor-pack.routes.ts'
import { authRoutes } from '#server/auth/auth.routes.ts'
import { installAuthGuard } from '#server/auth/guard.ts'
import { createIdentity, type Identity } from '#server/auth/identity.ts'
import { blendsRoutes } from '#server/blends/blends.routes.ts'
import { complianceRoutes } from '#server/compliance/compliance.routes.ts'
import { connectedAppsRoutes } from '#server/connected-apps/connected-apps.routes.ts'
import { createDataVersionReader } from '#server/db/counters.ts'
import { exportRoutes } from '#server/your-data/export.routes.ts'
import { importRoutes } from '#server/your-data/import.routes.ts'
import { createDb, type Db } from '#server/db/db.ts'
import type { Config } from '#server/env.ts'
import { healthRoutes } from '#server/health/health.routes.ts'
import { serveClient, ONE_YEAR } from '#server/pages/client.ts'
import { clientErrorHandler, errorBody, installErrorHandling } from '#server/http/errors.ts'
import { installRequestShapeChecks } from '#server/http/request-shape.ts'
import { loggerOptions } from '#server/http/logging.ts'
import { installSecurityHeaders } from '#server/http/security-headers.ts'
import { journalRoutes } from '#server/journal/journal.routes.ts'
import { mailWarning } from '#server/mail/mailer.ts'
import { oauthMcpAuthenticator } from '#server/mcp/mcp-auth.ts'
import { mcpRoutes } from '#server/mcp/mcp.routes.ts'
import { oauthMetadataRoutes } from '#server/mcp/oauth-metadata.routes.ts'
import type { McpAuthenticator } from '#server/mcp/principal.ts'
import { meRoutes } from '#server/me/me.routes.ts'
import { createCatalog, type Catalog } from '#server/oils/catalog.ts'
import { ingredientsRoutes } from '#server/oils/ingredients.routes.ts'
import { oilsRoutes } from '#server/oils/oils.routes.ts'
import { openApiRoutes, registerOpenApi } from '#server/openapi/openapi.ts'
import { createAllowedMethods } from '#server/http/allowed-methods.ts'
import { fallbackLimitStore, REDIS_COMMAND_TIMEOUT_MS, type LimitsHealth } from '#server/http/limit-store.ts'
import { redeemRoutes } from '#server/redeem/redeem.routes.ts'
import { installReminders, reminderRoutes } from '#server/reminders/reminders.routes.ts'
import { sharedPageRoutes } from '#server/shares/shared-page.routes.ts'
import { sharesRoutes } from '#server/shares/shares.routes.ts'
import { labelRoutes } from '#server/shelf/labels.routes.ts'
import { ifraRoutes } from '#server/shelf/ifra.routes.ts'
import { documentRoutes } from '#server/shelf/documents.routes.ts'
import { shelfRoutes } from '#server/shelf/shelf.routes.ts'
import { traceRoutes } from '#server/shelf/trace.routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: Config
    /** The identity service (better-auth) and the API's token verifier. */
    identity: Identity
    /** The oil catalog, cached in memory. */
    catalog: Catalog
    /** The signed-in user's data version, which keys the cached reads (batched: db/counters.ts). */
    dataVersion: (userId: string) => Promise<number>
    /** Every route as registered, for the tests that must cover each endpoint. */
    registeredRoutes: RegisteredRoute[]
    /** With REDIS_URL: whether the abuse limits count in Redis now, or in this process (limit-store.ts). */
    limitsHealth: LimitsHealth
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (the explicit allow-list of the auth guard). */
    public?: boolean
  }
}

type LogStream = NonNullable<FastifyLoggerOptions['stream']>

export type RegisteredRoute = { method: string; url: string; public: boolean }

export type BuildOptions = {
  /** An open database; by default one is opened from config.databaseUrl and closed with the app. */
  db?: Db
  /**
   * Who an MCP request acts for (src/server/mcp/principal.ts); by default the bearer access token
   * the OAuth provider minted for /mcp (oauthMcpAuthenticator, decision 046).
   */
  mcpAuthenticator?: McpAuthenticator
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: LogStream
}

/** Builds the whole server without listening; tests drive it with inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withStream(loggerOptions(config.logLevel), options.logStream),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    clientErrorHandler,
  })
  const db = options.db ?? createDb(config.databaseUrl)
  app.decorate('db', db)
  app.decorate('config', config)
  app.decorate('catalog', createCatalog(db))
  app.decorate('dataVersion', createDataVersionReader(db))
  const registeredRoutes: RegisteredRoute[] = []
  app.decorate('registeredRoutes', registeredRoutes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, public: route.config?.public === true })
    }
  })
  if (!options.db) app.addHook('onClose', async () => db.destroy())
  const noMail = mailWarning(config)
  if (noMail) app.log.warn(noMail)

  // External plugins first, then ours, then routes.
  const https = config.publicUrl.startsWith('https://')
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from our own files only: the QR scanner's decoder (decision 082).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // The toast library injects its stylesheet at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Google account photos, for the avatar, when Google sign-in is on.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.google ? ['https://*.googleusercontent.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker and the install manifest (decision 029): our own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })
  app.decorate('limitsHealth', { redisUnreachableSince: null })
  await app.register(rateLimit, { global: false, ...(await sharedLimitStore(app, config)) })

  installErrorHandling(app)
  installRequestShapeChecks(app)
  await registerOpenApi(app)
  const identity = createIdentity(config, db, app.log)
  app.decorate('identity', identity)
  app.addHook('onClose', async () => identity.close())
  installReminders(app)
  // Callback-style hooks on every request: no promise per request for a header.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id)
    done(null, payload)
  })

  await app.register(
    async (api) => {
      // Every /api route requires a signed-in user unless its config says { public: true }.
      installAuthGuard(api, identity.verifier)
      // Answers with tokens, sessions or personal data are never stored by a browser or proxy;
      // a route that may be cached says so itself (the catalog, the ETag'd lists: decision 014).
      api.addHook('onSend', (request, reply, payload, done) => {
        if (request.url.startsWith('/api/auth/') || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
        done(null, payload)
      })
      await api.register(openApiRoutes)
      await api.register(authRoutes, { identity })
      await api.register(healthRoutes)
      await api.register(oilsRoutes)
      await api.register(ingredientsRoutes)
      await api.register(blendsRoutes)
      await api.register(complianceRoutes)
      await api.register(assessorPackRoutes)
      await api.register(journalRoutes)
      await api.register(meRoutes)
      await api.register(accountRoutes)
      await api.register(connectedAppsRoutes)
      await api.register(redeemRoutes)
      await api.register(sharesRoutes)
      await api.register(shelfRoutes)
      await api.register(labelRoutes)
      await api.register(ifraRoutes)
      await api.register(documentRoutes)
      await api.register(traceRoutes)
      await api.register(exportRoutes)
      await api.register(importRoutes)
      await api.register(reminderRoutes)
      // The API's own routes only: the built client's static files (`GET /*`, registered later, in
      // production alone) match every path, and made `PUT /api/no-such-thing` a 405 "answers GET,
      // HEAD" instead of a 404 (issue #33: found by the contract test once the tests had the client).
      const allowedMethods = createAllowedMethods(registeredRoutes.filter((route) => route.url.startsWith('/api/')))
      api.setNotFoundHandler((request, reply) => {
        const pathname = request.url.split('?')[0] ?? ''
        const allowed = allowedMethods(pathname)
        if (allowed.length > 0) {
          return reply
            .status(405)
            .header('allow', allowed.join(', '))
            .send(errorBody('METHOD_NOT_ALLOWED', `${pathname} does not answer ${request.method}. It answers ${allowed.join(', ')}.`))
        }
        return reply.status(404).send(errorBody('NOT_FOUND', `No API route for ${request.method} ${pathname}`))
      })
    },
    { prefix: '/api' },
  )

  // The OAuth discovery documents, at the root where MCP clients probe them (decision 046).
  await app.register(oauthMetadataRoutes)
  // The MCP server for AI assistants (docs/decisions/047-mcp-server.md): outside /api and its
  // session guard, authenticated by access tokens minted for it by the OAuth provider (046);
  // tests may build the app with an authenticator of their own.
  await app.register(mcpRoutes, { authenticate: options.mcpAuthenticator ?? oauthMcpAuthenticator(app) })

  // A share link's public page, rendered here (no client code needed to read a recipe).
  await app.register(sharedPageRoutes)
  if (config.clientDir) await serveClient(app, config.clientDir)
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('NOT_FOUND', 'Not found')))

  return app
}

/** The logger's options, writing to `stream` when one is given. */
function withStream(logger: ReturnType<typeof loggerOptions>, stream: LogStream | undefined) {
  if (!stream || !logger || typeof logger !== 'object') return logger
  return { ...logger, stream }
}

/**
 * With REDIS_URL, the abuse limits (sign-in, sign-up, reset, redeem) count in Redis, so every
 * process shares them; without it each process counts in memory. A Redis that is down at start, or
 * that stops answering later, leaves the server serving with the limits counted in each process
 * (decision 058): the start does not wait for it, and a command gives up after 150 ms.
 */
/** How long the start waits for Redis before serving with limits counted in this process. */
const REDIS_START_WAIT_MS = 300

async function sharedLimitStore(app: FastifyInstance, config: Config) {
  if (!config.redisUrl) return {}
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // Keep trying, at most every 2 s: the limits go back to Redis when it returns.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  redis.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'rate limits: Redis error'))
  // The start waits a moment for Redis, never longer: without it the limits count here until it
  // answers (the store notices, and health says so).
  const connected = redis.connect().then(
    () => true,
    (err: unknown) => {
      app.log.error(
        { err: { message: (err as Error).message } },
        'rate limits: Redis is unreachable at start; counting in this process until it answers',
      )
      return false
    },
  )
  const ready = await Promise.race([
    connected,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), REDIS_START_WAIT_MS).unref()),
  ])
  if (!ready) app.limitsHealth.redisUnreachableSince = new Date()
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  return { store: fallbackLimitStore(redis, 'accord-limit-', app.log, app.limitsHealth) }
}
