import { createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createIdempotencyStore } from '#server/http/idempotency.ts'
import { buildMcpServer, type McpCallContext } from '#server/mcp/mcp-server.ts'
import type { McpAuthenticator, McpPrincipal } from '#server/mcp/principal.ts'

/** Where the MCP server answers (docs/decisions/047-mcp-server.md). */
export const MCP_PATH = '/mcp'

/** The largest JSON-RPC message accepted: the app's own body limit (a blend's notes are at most 10,000 characters). */
export const MCP_BODY_LIMIT = 256 * 1024

/** A client id's calls per minute over every maker it acts for, as a multiple of the per-user limit. */
export const MCP_CLIENT_LIMIT_FACTOR = 10

/**
 * Browser-based MCP clients call from their own origin with a bearer token (never a cookie), so any
 * origin may call; they must read the 401's WWW-Authenticate to find the authorisation server.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id, idempotency-key',
  'access-control-expose-headers': 'www-authenticate, mcp-session-id, mcp-protocol-version',
  'access-control-max-age': '600',
}

const ALLOW = 'POST, OPTIONS'

export type McpRoutesOptions = {
  /** Who the request acts for; it answers 401/403 itself when it returns null (principal.ts). */
  authenticate: McpAuthenticator
}

/**
 * The requests that read or write the maker's data or the catalog, and so count in the assistant's
 * limit: a tool call, a prompt (which reads a whole blend) and a resource read (decision 047).
 */
export const LIMITED_METHODS: readonly string[] = ['tools/call', 'prompts/get', 'resources/read']

/** How many limited calls a JSON-RPC body carries: one message, or a 2025-era client's batch. */
export function limitedCallsIn(body: unknown): number {
  const messages: unknown[] = Array.isArray(body) ? body : [body]
  return messages.filter(
    (message) =>
      typeof message === 'object' && message !== null && LIMITED_METHODS.includes(String((message as { method?: unknown }).method)),
  ).length
}

/** The principal and the context a request's McpServer is built with, handed through the SDK as authInfo.extra. */
const CALL = 'accordCall'

function callOf(authInfo: AuthInfo | undefined): McpCallContext {
  const call = authInfo?.extra?.[CALL] as McpCallContext | undefined
  if (!call) throw new Error('An MCP server was asked for without an authenticated call')
  return call
}

/** The Fastify request as the web-standard Request the SDK's handler serves, with the body Fastify parsed. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const one of [value].flat()) headers.append(name, one)
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  const hasBody = request.method === 'POST' && request.body !== undefined
  return new Request(url, { method: request.method, headers, ...(hasBody ? { body: JSON.stringify(request.body) } : {}) })
}

/**
 * The MCP server (docs/architecture.md, "Connect an AI assistant: the MCP server"): Streamable
 * HTTP at POST /mcp, in this process, through the SDK's createMcpHandler. Every request is
 * authenticated first (the authenticator answers the 401 itself), then served by a fresh
 * McpServer acting for that principal: stateless, so any process can answer any request. The SDK
 * serves the 2026-07-28 revision and, for 2025-era clients (initialize, Mcp-Session-Id), its
 * stateless legacy fallback. GET and DELETE (a standalone stream, ending a session) have nothing
 * to do here and answer 405.
 */
export const mcpRoutes: FastifyPluginAsyncZod<McpRoutesOptions> = async (app, { authenticate }) => {
  const runOnce = createIdempotencyStore(app.db, app.log)
  const principals = new WeakMap<FastifyRequest, McpPrincipal>()
  const principalOf = (request: FastifyRequest) => principals.get(request) ?? { userId: 'none', clientId: 'none' }

  // Every tool call, prompt and resource read counts per user (over all their assistants) and per client (over every maker it acts for),
  // in the app's limit store: Redis with REDIS_URL, this process otherwise (limit-store.ts).
  const perMinute = app.config.mcpRateLimitPerMinute
  const limits = [
    app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `mcp-user:${principalOf(request).userId}` }),
    app.createRateLimit({
      max: perMinute * MCP_CLIENT_LIMIT_FACTOR,
      timeWindow: 60_000,
      keyGenerator: (request) => `mcp-client:${principalOf(request).clientId}`,
    }),
  ]
  /** Counts one call: null when it may run, or the seconds to wait. */
  const countCall = async (request: FastifyRequest) => {
    for (const limit of limits) {
      const verdict = await limit(request)
      if (!verdict.isAllowed && verdict.isExceeded) return verdict.ttlInSeconds
    }
    return null
  }
  /**
   * Counts the request's tool calls, prompts and resource reads before the SDK reads them, so one
   * whose arguments it refuses (and never hands to a handler) counts as well; a batch stops counting
   * once it is over the limit.
   */
  const waitSecondsFor = async (request: FastifyRequest) => {
    for (let i = limitedCallsIn(request.body); i > 0; i--) {
      const wait = await countCall(request)
      if (wait !== null) return wait
    }
    return null
  }

  const handler = createMcpHandler((ctx) => buildMcpServer(callOf(ctx.authInfo)), {
    // The default, 'auto': a single JSON body unless a handler sends a message before its result
    // (none does), so answers are single JSON bodies.
    maxRequestBodySize: MCP_BODY_LIMIT,
    onerror: (err) => app.log.debug({ err: { message: err.message } }, 'MCP request refused'),
  })
  app.addHook('onClose', async () => handler.close())

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(CORS_HEADERS)
    reply.header('cache-control', 'no-store')
    done(null, payload)
  })

  app.post(MCP_PATH, { bodyLimit: MCP_BODY_LIMIT, schema: { hide: true } }, async (request, reply) => {
    const principal = await authenticate(request, reply)
    // The authenticator has answered (401 with WWW-Authenticate, or 403): nothing more is sent.
    if (!principal) return reply
    principals.set(request, principal)
    const call: McpCallContext = { app, principal, request, waitSeconds: await waitSecondsFor(request), runOnce }
    const authInfo: AuthInfo = { token: '', clientId: principal.clientId, scopes: [...principal.scopes], extra: { [CALL]: call } }
    const response = await handler.fetch(toWebRequest(request), { authInfo, parsedBody: request.body })
    return reply.send(response)
  })

  const notHere = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(405)
      .header('allow', ALLOW)
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless and answers POST only.' },
        id: null,
      })
  app.get(MCP_PATH, { schema: { hide: true } }, notHere)
  app.delete(MCP_PATH, { schema: { hide: true } }, notHere)
  // The CORS preflight of a browser client.
  app.options(MCP_PATH, { schema: { hide: true } }, async (_request, reply) => reply.status(204).header('allow', ALLOW).send())
}
