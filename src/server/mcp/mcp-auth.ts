import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose'
import { AUTH_ERROR_CODES } from '#shared/api/auth.ts'
import { isMcpScope } from '#shared/api/mcp-scopes.ts'
import { mcpResource, tokenIssuer } from '#server/auth/auth.ts'
import { SESSION_RECHECK_MS } from '#server/auth/token-verifier.ts'
import { findConnection, recordUse } from '#server/connected-apps/connected-apps.repo.ts'
import { errorBody } from '#server/http/errors.ts'
import type { McpAuthenticator, McpPrincipal } from '#server/mcp/principal.ts'

/** Where a client learns how to get a token for /mcp (RFC 9728), from PUBLIC_URL and nothing else. */
export const protectedResourceMetadataUrl = (publicUrl: string) => `${publicUrl}/.well-known/oauth-protected-resource/mcp`

/** How often "last used" is written per connected app and process. */
export const LAST_USED_WRITE_MS = 60_000
/** An unknown key id reloads the signing keys at most this often. */
const KEY_RELOAD_MS = 30_000
const MAX_REMEMBERED = 10_000

/** A JWT: three base64url parts. */
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i

type Connection = { consentedAtMs: number | null; checkedAt: number; pending: Promise<number | null> | null }

/**
 * Each server's state in this process: what the database last said about each (user, client)
 * grant. Keyed by the server's identity service, which its route scopes share.
 */
type State = { connections: Map<string, Connection>; lastWritten: Map<string, number> }
const states = new WeakMap<object, State>()
const stateOf = (app: FastifyInstance): State => {
  let state = states.get(app.identity)
  if (!state) {
    const created: State = { connections: new Map(), lastWritten: new Map() }
    states.set(app.identity, (state = created))
    // A new password, "sign out everywhere", a replayed code or a reused refresh token ended grants
    // of the user: their tokens are refused here at once.
    app.identity.grantsRevoked.add((userId, clientId) => forgetIn(created, userId, clientId))
  }
  return state
}

/**
 * Forgets this process's answers about the user's grants (one client's, or all) when the identity
 * service says they ended (app.identity.endGrants: Disconnect, account deletion, a new password),
 * so their tokens are refused here at once; other processes re-read the database within
 * SESSION_RECHECK_MS.
 */
function forgetIn({ connections }: State, userId: string, clientId?: string): void {
  for (const key of connections.keys())
    if (clientId ? key === `${userId}|${clientId}` : key.startsWith(`${userId}|`)) connections.delete(key)
}

type Options = {
  /** How long the database's answer about a grant is trusted (default 5 s, like sessions). */
  recheckMs?: number
}

/**
 * The MCP route's authenticator (principal.ts): the request's bearer token must be a JWT access
 * token this server minted for `${PUBLIC_URL}/mcp` (signature, issuer, audience, `at+jwt` type,
 * expiry), for a client the maker has not disconnected since (the consent is read at most every
 * 5 s per grant, so a Disconnect reaches every process within 5 s). Answers the principal, and
 * records "last used" at most once a minute per app. Otherwise it sends a 401 with
 * `WWW-Authenticate: Bearer resource_metadata="..."` (and `error="invalid_token"` when a token was
 * sent), exposed to browsers, and answers null. A fault of ours (keys or database unreachable) is
 * thrown, so it answers 500/503: a 401 would make the client drop its tokens.
 */
export function oauthMcpAuthenticator(app: FastifyInstance, { recheckMs = SESSION_RECHECK_MS }: Options = {}): McpAuthenticator {
  let keys: ReturnType<typeof createLocalJWKSet> | null = null
  let loadedAt = -Infinity
  let loading: Promise<ReturnType<typeof createLocalJWKSet>> | null = null
  const loadKeys = () => {
    loading ??= app.identity.auth.api
      .getJwks()
      .then((jwks) => {
        keys = createLocalJWKSet(jwks as JSONWebKeySet)
        loadedAt = Date.now()
        return keys
      })
      .finally(() => {
        loading = null
      })
    return loading
  }

  const verify = async (token: string): Promise<JWTPayload | null> => {
    const options = {
      issuer: tokenIssuer(app.config),
      audience: mcpResource(app.config),
      algorithms: ['EdDSA'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', 'iat', 'client_id', 'scope'],
      clockTolerance: 5,
    }
    try {
      return (await jwtVerify(token, keys ?? (await loadKeys()), options)).payload
    } catch (err) {
      if (err instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt >= KEY_RELOAD_MS) {
        try {
          return (await jwtVerify(token, await loadKeys(), options)).payload
        } catch (retry) {
          if (retry instanceof errors.JOSEError) return null
          throw retry
        }
      }
      // Any jose error is a bad token; anything else (keys not loadable) is our fault.
      if (err instanceof errors.JOSEError) return null
      throw err
    }
  }

  const { connections, lastWritten } = stateOf(app)
  /** When the user consented to the client (ms), or null when it is not connected; cached per grant. */
  const consentedAt = async (userId: string, clientId: string, issuedAtMs: number): Promise<number | null> => {
    const key = `${userId}|${clientId}`
    const known = connections.get(key)
    // A refusal is not trusted for a token minted after it was read: it may come from a new consent.
    const fresh = known && Date.now() - known.checkedAt < recheckMs && (known.consentedAtMs !== null || issuedAtMs < known.checkedAt)
    if (known && fresh) return known.consentedAtMs
    if (known?.pending) return known.pending
    if (connections.size >= MAX_REMEMBERED) connections.delete(connections.keys().next().value as string)
    const entry: Connection = known ?? { consentedAtMs: null, checkedAt: -Infinity, pending: null }
    connections.set(key, entry)
    entry.pending = findConnection(app.db.kysely, userId, clientId)
      .then((found) => {
        Object.assign(entry, { consentedAtMs: found?.consentedAtMs ?? null, checkedAt: Date.now() })
        return entry.consentedAtMs
      })
      .finally(() => {
        entry.pending = null
      })
    return entry.pending
  }

  const noteUse = async (request: FastifyRequest, userId: string, clientId: string) => {
    const key = `${userId}|${clientId}`
    const now = Date.now()
    if (now - (lastWritten.get(key) ?? -Infinity) < LAST_USED_WRITE_MS) return
    if (lastWritten.size >= MAX_REMEMBERED) lastWritten.delete(lastWritten.keys().next().value as string)
    lastWritten.set(key, now)
    // A lost write costs only a stale "last used": never the call.
    await recordUse(app.db.kysely, userId, clientId, new Date(now)).catch((err: unknown) => {
      request.log.warn({ err }, 'mcp: could not record last use')
    })
  }

  const refuse = (reply: FastifyReply, message: string, tokenSent: boolean): null => {
    const metadata = protectedResourceMetadataUrl(app.config.publicUrl)
    void reply
      .code(401)
      .header('www-authenticate', `Bearer resource_metadata="${metadata}"${tokenSent ? ', error="invalid_token"' : ''}`)
      .header('access-control-expose-headers', 'WWW-Authenticate')
      .header('cache-control', 'no-store')
      .send(errorBody(AUTH_ERROR_CODES.UNAUTHENTICATED, message))
    return null
  }

  return async (request, reply): Promise<McpPrincipal | null> => {
    const header = request.headers.authorization
    if (!header) return refuse(reply, 'Connect this app to Accord first: this request needs an access token.', false)
    const token = BEARER.exec(header)?.[1]
    if (!token) return refuse(reply, 'The Authorization header must be "Bearer <access token>".', true)
    const claims = await verify(token)
    if (!claims) return refuse(reply, 'The access token is not valid for this server, or has expired.', true)
    const userId = String(claims.sub)
    const clientId = String(claims.client_id)
    const issuedAtMs = (claims.iat ?? 0) * 1000
    const consented = await consentedAt(userId, clientId, issuedAtMs)
    // Disconnected, or disconnected and connected again since this token was minted.
    if (consented === null || consented > issuedAtMs) {
      return refuse(reply, 'This app was disconnected from Accord. Connect it again to continue.', true)
    }
    await noteUse(request, userId, clientId)
    const scopes = String(claims.scope).split(' ').filter(isMcpScope)
    return { userId, clientId, scopes }
  }
}
