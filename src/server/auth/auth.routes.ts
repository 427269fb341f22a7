import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AUTH_BASE_PATH, AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, AuthConfigSchema, type AuthConfig } from '#shared/api/auth.ts'
import { toErrorBody } from '#server/auth/auth-errors.ts'
import type { Identity } from '#server/auth/identity.ts'
import {
  checkRegistration,
  RegistrationRefused,
  registrationAddressKey,
  sweepUnconsentedClients,
} from '#server/connected-apps/client-registration.ts'
import { pingDb } from '#server/db/db.ts'
import { AppError, NUL_MESSAGE, pathToNul } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'

const ONE_MINUTE = 60_000
/** Headers that describe our connection, not the forwarded request. */
const HOP_BY_HOP = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']

/**
 * Endpoints that take guesses at passwords or probe addresses, limited per client and per e-mail;
 * and dynamic client registration of AI assistants (decision 046), limited per client address.
 */
const LIMITED_PATHS = ['/sign-in/email', '/sign-up/email', '/request-password-reset', '/reset-password', '/oauth2/register']
/**
 * The OAuth endpoints (decision 046): the token and revocation endpoints take form bodies, as
 * RFC 6749 says, and their refusals keep the OAuth shape (`{ error, error_description }`) that
 * OAuth clients read.
 */
const OAUTH_PREFIX = '/oauth2/'
const FORM_PATHS = ['/oauth2/token', '/oauth2/revoke', '/oauth2/introspect']
/**
 * The OAuth endpoints a browser-based client calls cross-origin without credentials: registration
 * (a JSON body, so the browser asks first), the token exchange and revocation.
 */
const CORS_PATHS = ['/oauth2/register', '/oauth2/token', '/oauth2/revoke']
/**
 * The two ways a client is made: open registration, and a signed-in maker's own (decision 058:
 * both bounded, neither with an address the server would call).
 */
const CLIENT_CREATE_PATHS = ['/oauth2/register', '/oauth2/create-client']
/** The signed-in account actions: limited per client and per account (its e-mail, read from the session). */
const ACCOUNT_PATHS = ['/update-user', '/change-password', '/revoke-sessions', '/revoke-other-sessions', '/revoke-session']

/**
 * The identity service at /api/auth/* (better-auth's handler behind a Fastify route: the request
 * is forwarded as a Web Request and its answer copied back, cookies included, errors rewritten into
 * our error shape), and GET /api/auth-config. Register inside the /api scope.
 */
export const authRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  app.get(
    '/auth-config',
    { config: { public: true }, schema: { response: answers(200, AuthConfigSchema) } },
    async (): Promise<AuthConfig> => ({
      google: app.config.google !== null,
      sessionCheckIntervalMs: app.config.sessionCheckIntervalMs,
    }),
  )

  await app.register(async (scope) => {
    // better-auth reads the body itself: hand it over untouched, whatever its type.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    const forward = forwarder(app, identity)
    // One route for every spelling of a path: the limiter decides on the path better-auth will
    // handle (after the URL parser resolves `.`, `..` and `%2e`), not on the path as sent.
    const limit = attemptLimiter(scope, app.config.authRateLimit, () => app.config.publicUrl, sessionEmail(identity))
    scope.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
      config: { public: true },
      preHandler: [requireJsonBody, limit],
      handler: forward,
    })
    // The browser's preflight before a cross-origin registration or token request. These endpoints
    // read no cookie, so any origin may call them.
    for (const path of CORS_PATHS) {
      scope.options(`/auth${path}`, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-origin', '*')
          .header('access-control-allow-methods', 'POST, OPTIONS')
          .header('access-control-allow-headers', 'content-type, authorization, accept')
          .header('access-control-max-age', '86400')
          .send(),
      )
    }
  })
}

/**
 * A body sent to the identity service is JSON (decision 041): the limits count attempts per e-mail
 * read from a JSON body, and the checks below read it, so a form-encoded sign-in must not pass
 * uncounted and unchecked.
 */
async function requireJsonBody(this: FastifyInstance, request: FastifyRequest) {
  const body = request.body as Buffer | undefined
  if (request.method === 'GET' || !body || body.length === 0) return
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (type === 'application/x-www-form-urlencoded' && FORM_PATHS.includes(identityPath(request.url, this.config.publicUrl) ?? '')) return
  if (type !== 'application/json') {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the identity service JSON (Content-Type: application/json).')
  }
}

/** The identity endpoints that take a display name, which may not be blank. */
const NAMED_PATHS = ['/sign-up/email', '/update-user']

/** The URL with its percent-escapes read, or as it is when they are not valid. */
function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}

function forwarder(app: FastifyInstance, identity: Identity) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const publicUrl = app.config.publicUrl
    // No NUL in a path or query either, as on every other route (the validator checks theirs).
    if (safeDecode(request.url).includes('\u0000')) throw new AppError(400, 'VALIDATION_ERROR', `url: ${NUL_MESSAGE}`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
    }
    for (const name of HOP_BY_HOP) headers.delete(name)
    // better-auth records the client address from this header; give it the one Fastify trusts.
    headers.set('x-forwarded-for', request.ip)
    const raw = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer | undefined)
    let body = raw && raw.length > 0 ? raw : undefined
    if (!body) headers.delete('content-type')
    else if (headers.get('content-type')?.includes('json')) {
      const parsed = parseJson(body)
      if (parsed === undefined) throw new AppError(400, 'MALFORMED_JSON', 'The request body is not valid JSON')
      if (pathToNul(parsed) !== null) throw new AppError(400, 'VALIDATION_ERROR', NUL_MESSAGE)
      const name = (parsed as { name?: unknown } | null)?.name
      if (
        NAMED_PATHS.includes(identityPath(request.url, publicUrl) ?? '') &&
        name !== undefined &&
        (typeof name !== 'string' || name.trim() === '')
      ) {
        throw new AppError(400, 'VALIDATION_ERROR', 'A name may not be blank')
      }
      // A new password signs out every other session, whatever the client asks (decision 014); what
      // it asks is still a boolean, as the published contract says (decision 041).
      if (identityPath(request.url, publicUrl) === '/change-password' && parsed && typeof parsed === 'object') {
        const asked = (parsed as { revokeOtherSessions?: unknown }).revokeOtherSessions
        if (asked !== undefined && typeof asked !== 'boolean') {
          throw new AppError(400, 'VALIDATION_ERROR', 'body.revokeOtherSessions: revokeOtherSessions is true or false')
        }
        body = Buffer.from(JSON.stringify({ ...parsed, revokeOtherSessions: true }))
      }
      if (CLIENT_CREATE_PATHS.includes(identityPath(request.url, publicUrl) ?? '')) {
        try {
          checkRegistration(parsed, body.length)
        } catch (err) {
          if (!(err instanceof RegistrationRefused)) throw err
          return reply.status(400).type('application/json; charset=utf-8').send({ error: err.error, error_description: err.message })
        }
      }
      if (identityPath(request.url, publicUrl) === '/oauth2/register' && isLoopbackOnlyRegistration(parsed)) {
        body = Buffer.from(JSON.stringify({ ...parsed, application_type: 'native' }))
      }
    }
    const response = await identity.auth.handler(
      new Request(new URL(request.url, publicUrl), { method: request.method, headers, body: body && new Uint8Array(body) }),
    )
    const payload = Buffer.from(await response.arrayBuffer())
    // Each registration clears what strangers' registrations left: clients nobody connected in a
    // day (decision 058), so open registration cannot fill the disk over time.
    if (response.status < 300 && request.method === 'POST' && identityPath(request.url, publicUrl) === '/oauth2/register') {
      await sweepUnconsentedClients(app.db, new Date())
    }
    if (response.status >= 500) {
      // better-auth hides its cause: when the database is down, say so (503) rather than a 500.
      const cause = await pingDb(app.db).then(
        () => undefined,
        (err: unknown) => err,
      )
      throw new Error(`The identity service answered ${response.status} for ${request.method} ${request.routeOptions.url}`, { cause })
    }

    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
    }
    // A browser-based assistant exchanges and renews its tokens from its own origin: a form POST,
    // which needs no preflight. These endpoints read no cookie, so any origin may read the answer.
    if (CORS_PATHS.includes(identityPath(request.url, publicUrl) ?? '')) reply.header('access-control-allow-origin', '*')
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    if (response.status >= 400) {
      const path = identityPath(request.url, publicUrl) ?? ''
      const json = response.headers.get('content-type')?.includes('json') ? parseJson(payload) : undefined
      if (path.startsWith(OAUTH_PREFIX) && typeof (json as { error?: unknown } | undefined)?.error === 'string') {
        return reply.status(response.status).type('application/json; charset=utf-8').send(json)
      }
      const mapped = toErrorBody(path, response.status, json ?? fallbackError(request, response.status))
      return reply.status(mapped.status).type('application/json; charset=utf-8').send(mapped.body)
    }
    return reply.status(response.status).send(payload.length > 0 ? payload : undefined)
  }
}

const LOOPBACK_REDIRECT = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//

/**
 * A registration that names no application type and comes back only to this machine over http
 * (`http://localhost:6274/oauth/callback`, `http://127.0.0.1:33418/`): a desktop or command-line
 * MCP client, which is what OAuth calls a native app (RFC 8252). better-auth takes a missing type
 * as "web", which must use https, and would refuse most MCP clients; we name it native for them.
 */
function isLoopbackOnlyRegistration(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const { application_type: type, redirect_uris: uris } = body as { application_type?: unknown; redirect_uris?: unknown }
  return (
    type === undefined &&
    Array.isArray(uris) &&
    uris.length > 0 &&
    uris.every((uri) => typeof uri === 'string' && LOOPBACK_REDIRECT.test(uri))
  )
}

/** better-auth answers some refusals without a body (an unknown path is a bare 404). */
function fallbackError(request: FastifyRequest, status: number) {
  if (status === 404) return { code: 'NOT_FOUND', message: `No API route for ${request.method} ${request.url.split('?')[0]}` }
  if (status === 405) return { code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed here` }
  return { code: 'BAD_REQUEST', message: 'The request was refused' }
}

/**
 * The endpoint better-auth will handle for this request URL, below /api/auth: it resolves the path
 * with the WHATWG URL parser, as its router does, so `/api/auth/./sign-in/email`, `/x/../` and
 * `%2e` spellings all name `/sign-in/email`. Null when the path is outside /api/auth.
 */
export function identityPath(rawUrl: string, publicUrl: string): string | null {
  const { pathname } = new URL(rawUrl, publicUrl)
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : null
}

/**
 * Per client address and per e-mail address, per endpoint and minute, with @fastify/rate-limit's
 * store (in memory, or Redis when REDIS_URL is set, so every process shares the counts); an attempt
 * over either limit is a 429 in our error shape.
 */
function attemptLimiter(
  scope: FastifyInstance,
  limits: { perIp: number; perEmail: number },
  publicUrl: () => string,
  signedInEmail: (request: FastifyRequest) => Promise<string | null>,
) {
  const keys = new WeakMap<FastifyRequest, { path: string; email: string }>()
  const byAddress = scope.createRateLimit({
    max: limits.perIp,
    timeWindow: ONE_MINUTE,
    // An IPv6 client counts by its /64 (decision 058): one network holds 2^64 addresses.
    keyGenerator: (request) => `auth-ip|${keys.get(request)?.path ?? ''}|${registrationAddressKey(request.ip)}`,
  })
  const byEmail = scope.createRateLimit({
    max: limits.perEmail,
    timeWindow: ONE_MINUTE,
    keyGenerator: (request) => `auth-email|${keys.get(request)?.path ?? ''}|${keys.get(request)?.email ?? ''}`,
  })
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return
    const path = identityPath(request.url, publicUrl())
    if (path === null) return
    const account = ACCOUNT_PATHS.includes(path)
    if (!account && !LIMITED_PATHS.includes(path)) return
    const email = account ? await signedInEmail(request) : emailOf(request.body)
    keys.set(request, { path, email: email ?? '' })
    const checks = [await byAddress(request)]
    if (email) checks.push(await byEmail(request))
    const over = checks.find((check) => !check.isAllowed && check.isExceeded)
    if (over && !over.isAllowed) {
      reply.header('retry-after', String(over.ttlInSeconds))
      throw new AppError(429, AUTH_ERROR_CODES.RATE_LIMITED, AUTH_ERROR_MESSAGES.RATE_LIMITED)
    }
  }
}

/** The e-mail of the session the request's cookie names, lower-cased; null when signed out. */
function sessionEmail(identity: Identity) {
  return async (request: FastifyRequest): Promise<string | null> => {
    if (!request.headers.cookie) return null
    const session = await identity.auth.api.getSession({
      headers: new Headers({ cookie: request.headers.cookie }),
      query: { disableRefresh: true },
    })
    return session?.user.email.toLowerCase() ?? null
  }
}

/** The e-mail of a JSON body, normalised as better-auth stores it; null when there is none. */
function emailOf(body: unknown): string | null {
  if (!Buffer.isBuffer(body) || body.length === 0) return null
  const parsed = parseJson(body) as { email?: unknown } | null | undefined
  return typeof parsed?.email === 'string' && parsed.email.trim() ? parsed.email.trim().toLowerCase() : null
}

/** The parsed JSON, or undefined when the payload is not JSON. */
function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
