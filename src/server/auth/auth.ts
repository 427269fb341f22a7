import { createHash } from 'node:crypto'
import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { oauthProvider } from '@better-auth/oauth-provider'
import { genericOAuth, jwt } from 'better-auth/plugins'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import {
  AUTH_BASE_PATH,
  AUTH_ERROR_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_PATH,
} from '#shared/api/auth.ts'
import { CONSENT_PATH, MCP_PATH } from '#shared/api/connected-apps.ts'
import { MCP_SCOPES } from '#shared/api/mcp-scopes.ts'
import { DEFAULT_LANGUAGE, requestLanguage } from '#shared/i18n/languages.ts'
import { revokeAllGrants, revokeGrant } from '#server/connected-apps/connected-apps.commands.ts'
import { REDEEMED_CODE_PREFIX } from '#server/connected-apps/redeemed-code.ts'
import type { Db } from '#server/db/db.ts'
import type { Config } from '#server/env.ts'
import type { Mailer } from '#server/mail/mailer.ts'
import { passwordResetMessage } from '#server/mail/messages.ts'
import { getSettings, updateSettings } from '#server/me/settings.commands.ts'

/** better-auth's cookie names start with this: the session is `accord.session_token` (`__Secure-` first over HTTPS). */
export const COOKIE_PREFIX = 'accord'

/** Lifetime of the bearer ID token the API accepts (docs/product.md §9: the client re-checks every 2 minutes). */
export const ID_TOKEN_LIFETIME = '15m'
/** Lifetime of a password reset link. */
export const RESET_LINK_SECONDS = 60 * 60

export type AuthDeps = {
  config: Config
  db: Db
  mailer: Mailer
  log: FastifyBaseLogger
  secret: string
  /**
   * Told after a user's assistant grants were revoked, all of them (a new password, "sign out
   * everywhere") or one client's (a replayed code, a reused refresh token),
   * so this process forgets what it knew of them at once (mcp-auth.ts).
   */
  onGrantsRevoked?: (userId: string, clientId?: string) => void
}

/** The ID token's issuer and audience: this server, as users reach it. */
export const tokenIssuer = (config: Config) => config.publicUrl

/**
 * The MCP server as a protected resource (RFC 8707, RFC 9728): the audience of the access tokens
 * an assistant gets, derived from PUBLIC_URL exactly as written (`localhost` and `127.0.0.1` are
 * different resources: clients must use the address PUBLIC_URL names; decision 046).
 */
export const mcpResource = (config: Config) => `${config.publicUrl}${MCP_PATH}`

/** Lifetime of an assistant's access token, in seconds; its refresh token rotates at each use. */
export const MCP_ACCESS_TOKEN_SECONDS = 15 * 60
/** How long an unused refresh token lasts: a month without the assistant calling signs it out. */
export const MCP_REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60
/** The scopes an assistant may ask for: ours, and offline_access for a refresh token. */
export const OAUTH_SCOPES = [...MCP_SCOPES, 'offline_access'] as const

/**
 * better-auth's options: email and password (with reset by e-mailed link), Google through its
 * OpenID discovery document when configured, and JWTs signed with keys kept in our database.
 */
export function authOptions({ config, db, mailer, log, secret, onGrantsRevoked }: AuthDeps) {
  const https = config.publicUrl.startsWith('https://')
  /**
   * Whoever once had the password (or a session) keeps no assistant: every grant of the user ends
   * with the sessions (docs/decisions/057). Here at once, on other processes within 5 s (the MCP
   * authenticator re-reads a grant at most that often).
   */
  const endGrants = async (userId: string) => {
    await db.kysely.transaction().execute((trx) => revokeAllGrants(trx, userId))
    onGrantsRevoked?.(userId)
  }
  /** A replayed code or a reused refresh token: someone else holds the grant's tokens, so it ends. */
  const endGrant = async (userId: string, clientId: string, why: string) => {
    await db.kysely.transaction().execute((trx) => revokeGrant(trx, userId, clientId))
    onGrantsRevoked?.(userId, clientId)
    log.warn({ userId, clientId }, `auth: ${why}: the assistant's grant was revoked`)
  }
  return {
    appName: 'Accord',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db: db.kysely, type: db.dialect, transaction: true },
    telemetry: { enabled: false },
    // Ours (auth.routes.ts) counts attempts per address and per e-mail; better-auth's, in memory,
    // stays on as a looser second layer per address and path, should a request ever get past ours.
    rateLimit: backstopRateLimit(config),
    trustedOrigins: trustedOrigins(config),
    logger: {
      level: 'warn',
      // Messages only (and error causes): arguments may carry request data.
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error)
        log[level](err ? { err } : {}, `auth: ${message}`)
      },
    },
    onAPIError: {
      // OAuth failures without an errorCallbackURL land on the app (with ?error=CODE), not on an auth page.
      errorURL: `${config.publicUrl}/`,
      // A fault (a lost database, a bug) reaches our error handler as itself, instead of a bare
      // 500 printed to the console: a database outage then answers 503 like the rest of the API.
      throw: true,
    },
    advanced: {
      // better-auth turns both checks off when it detects a test run; we test the real behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // A reset signs out every other device too, and voids the user's other reset links.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await deleteResetLinks(db, user.id)
        await endGrants(user.id)
      },
      sendResetPassword: async ({ user, token }, request) => {
        // In the account's language, else that of the browser that asked (decision 096).
        const { language } = await getSettings(db.kysely, user.id)
        await mailer.send(
          passwordResetMessage({
            to: user.email,
            name: user.name,
            link: resetLink(config, token),
            expiresInMinutes: RESET_LINK_SECONDS / 60,
            language: language ?? requestLanguage(request?.headers.get('cookie'), request?.headers.get('accept-language')),
          }),
        )
      },
    },
    // Reset links are stored as a hash of the token, keeping the kind readable so a user's links can be found.
    verification: { storeIdentifier: { default: 'plain', overrides: { [RESET_PREFIX]: { hash: hashResetIdentifier } } } },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/oauth2/revoke' && !isAPIError(ctx.context.returned)) await endRevokedGrant(ctx, endGrant)
        // A new account keeps the language it was made in, when it is not the default (decision 100):
        // its reminders are written in it before the maker ever opens the account menu.
        if (ctx.path === '/sign-up/email' && !isAPIError(ctx.context.returned)) {
          const created = ctx.context.newSession?.user.id
          const language = requestLanguage(ctx.headers?.get('cookie'), ctx.headers?.get('accept-language'))
          if (created && language !== DEFAULT_LANGUAGE) await updateSettings(db.kysely, created, { language })
        }
        const userId = ctx.context.session?.user.id
        if (!userId || isAPIError(ctx.context.returned)) return
        if (ctx.path === '/change-password') {
          await deleteResetLinks(db, userId)
          await endGrants(userId)
        }
        // "Sign out everywhere" (every session, this one included).
        if (ctx.path === '/revoke-sessions') await endGrants(userId)
      }),
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/oauth2/token') await endStolenGrant(ctx, endGrant)
        if (ctx.path === '/request-password-reset') await requireKnownEmail(ctx)
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') limitName(ctx.body)
        if (ctx.path === '/update-user') checkProfileUpdate(ctx.body)
      }),
    },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: tokenIssuer(config),
          audience: tokenIssuer(config),
          expirationTime: ID_TOKEN_LIFETIME,
          // The session id only (sub is the user id): the API checks that the session still
          // exists, and no personal data travels in a token that sits in memory and logs.
          definePayload: ({ session }) => ({ sid: session.id }),
        },
      }),
      // Accord as an OAuth 2.1 authorisation server for AI assistants (decision 046): JWT access
      // tokens signed with the same keys, but for the /mcp audience only, so neither kind of token
      // passes where the other is checked (guard.ts wants aud = PUBLIC_URL, mcp-auth.ts aud = /mcp).
      oauthProvider({
        loginPage: CONSENT_PATH,
        consentPage: CONSENT_PATH,
        scopes: [...OAUTH_SCOPES],
        resources: [
          {
            identifier: mcpResource(config),
            name: 'Accord MCP server',
            accessTokenTtl: MCP_ACCESS_TOKEN_SECONDS,
            allowedScopes: [...OAUTH_SCOPES],
          },
        ],
        resourceSeedMode: 'overwrite',
        // Every client may ask for the one resource there is.
        enforcePerClientResources: false,
        grantTypes: ['authorization_code', 'refresh_token'],
        accessTokenExpiresIn: MCP_ACCESS_TOKEN_SECONDS,
        refreshTokenExpiresIn: MCP_REFRESH_TOKEN_SECONDS,
        // Strict rotation: a refresh token works once; its reuse is treated as theft.
        refreshTokenReuseInterval: 0,
        allowDynamicClientRegistration: config.mcp.dynamicRegistration,
        allowUnauthenticatedClientRegistration: config.mcp.dynamicRegistration,
        clientRegistrationDefaultScopes: [...OAUTH_SCOPES],
        // Clients are registered (by themselves, or by an operator); makers only read them.
        clientPrivileges: ({ action }) => action === 'read' || action === 'list' || (action === 'create' && config.mcp.dynamicRegistration),
        // The one resource is seeded from configuration: nobody edits resources through the API.
        resourcePrivileges: () => false,
        // Ours (auth.routes.ts) counts registrations per address; these are the looser backstop.
        rateLimit: {
          register: { window: 60, max: Math.max(20, config.authRateLimit.perIp * 2) },
          token: { window: 60, max: 120 },
          authorize: { window: 60, max: 120 },
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  requireIdTokenVerification: true,
                  scopes: ['openid', 'email', 'profile'],
                  prompt: 'select_account',
                  mapProfileToUser: (profile) => ({
                    name: (typeof profile.name === 'string' && profile.name ? profile.name : String(profile.email ?? '')).slice(
                      0,
                      NAME_MAX_LENGTH,
                    ),
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions
}

/** How the OAuth provider stores codes and refresh tokens (its `storeTokens: 'hashed'` default). */
const storedTokenId = (token: string) => createHash('sha256').update(token).digest('base64url')

type TokenContext = {
  body?: unknown
  context: {
    adapter: {
      findOne: <T>(query: { model: string; where: { field: string; value: string }[] }) => Promise<T | null>
      findMany: <T>(query: { model: string; where: { field: string; value: string }[] }) => Promise<T[]>
    }
    internalAdapter: {
      findVerificationValue: (identifier: string) => Promise<{ value: string; expiresAt: Date } | null>
      createVerificationValue: (data: { identifier: string; value: string; expiresAt: Date }) => Promise<unknown>
    }
  }
}

/**
 * After a revocation the provider accepted (RFC 7009 §2.1): an assistant that revokes its refresh
 * token gives up the grant, and the access tokens issued from it should end with it. The provider
 * marks the refresh token revoked but cannot recall its JWT access tokens, so the grant (maker and
 * client) ends here, as Disconnect ends it (docs/decisions/057). Only when the request names the
 * refresh token's own client, the check the provider makes of a public client.
 */
async function endRevokedGrant(ctx: TokenContext, endGrant: (userId: string, clientId: string, why: string) => Promise<void>) {
  const body = (ctx.body ?? {}) as Record<string, unknown>
  if (typeof body.token !== 'string' || typeof body.client_id !== 'string' || body.token_type_hint === 'access_token') return
  const row = await ctx.context.adapter.findOne<{ userId: string; clientId: string }>({
    model: 'oauthRefreshToken',
    where: [{ field: 'token', value: storedTokenId(body.token) }],
  })
  if (row && row.clientId === body.client_id) await endGrant(row.userId, row.clientId, 'the assistant revoked its refresh token')
}

/**
 * Before a token request (RFC 6749 §10.5, RFC 9700 §4.14): a refresh token used a second time, or
 * an authorisation code redeemed before, means someone else holds the grant's tokens. The provider
 * refuses the request and drops the refresh tokens, but its JWT access tokens would live on for up
 * to 15 minutes; so the whole grant (maker and client) ends here, access tokens with it
 * (docs/decisions/057). A code's first redemption is remembered while its access tokens live.
 */
async function endStolenGrant(ctx: TokenContext, endGrant: (userId: string, clientId: string, why: string) => Promise<void>) {
  const body = (ctx.body ?? {}) as Record<string, unknown>
  const { adapter, internalAdapter } = ctx.context
  if (body.grant_type === 'refresh_token' && typeof body.refresh_token === 'string') {
    const row = await adapter.findOne<{ userId: string; clientId: string; revoked: Date | string | null }>({
      model: 'oauthRefreshToken',
      where: [{ field: 'token', value: storedTokenId(body.refresh_token) }],
    })
    if (row?.revoked) await endGrant(row.userId, row.clientId, 'a used refresh token came back')
    return
  }
  if (body.grant_type !== 'authorization_code' || typeof body.code !== 'string') return
  const codeId = storedTokenId(body.code)
  const pending = await internalAdapter.findVerificationValue(codeId)
  if (pending && new Date(pending.expiresAt).getTime() > Date.now()) {
    const { userId, query } = JSON.parse(pending.value) as { userId?: string; query?: { client_id?: string } }
    if (userId && query?.client_id) {
      await internalAdapter.createVerificationValue({
        identifier: `${REDEEMED_CODE_PREFIX}${codeId}`,
        value: `${userId} ${query.client_id}`,
        expiresAt: new Date(Date.now() + (MCP_ACCESS_TOKEN_SECONDS + 60) * 1000),
      })
    }
    return
  }
  const grants = new Set<string>()
  const redeemed = await internalAdapter.findVerificationValue(`${REDEEMED_CODE_PREFIX}${codeId}`)
  if (redeemed) grants.add(redeemed.value)
  const family = await adapter.findMany<{ userId: string; clientId: string }>({
    model: 'oauthRefreshToken',
    where: [{ field: 'authorizationCodeId', value: codeId }],
  })
  for (const row of family) grants.add(`${row.userId} ${row.clientId}`)
  for (const grant of grants) {
    const [userId, clientId] = grant.split(' ')
    if (userId && clientId) await endGrant(userId, clientId, 'an authorisation code was replayed')
  }
}

/** Twice our per-address limit per minute on the endpoints that take guesses; generous elsewhere. */
function backstopRateLimit(config: Config) {
  const guesses = { window: 60, max: Math.max(20, config.authRateLimit.perIp * 2) }
  return {
    enabled: true,
    customStorage: windowCounter(),
    window: 60,
    max: Math.max(600, config.authRateLimit.perIp * 2),
    customRules: {
      '/sign-in/*': guesses,
      '/sign-up/*': guesses,
      '/request-password-reset': guesses,
      '/reset-password': guesses,
      '/change-password': guesses,
      '/change-email': guesses,
    },
  }
}

/**
 * better-auth's limiter store: a fixed window per key, in this server's memory (its built-in memory
 * store is one map for every instance in the process, which would let test apps count each other).
 */
function windowCounter() {
  const counts = new Map<string, { count: number; resetAt: number }>()
  return {
    consume: async (key: string, rule: { window: number; max: number }) => {
      const now = Date.now()
      if (counts.size > 10_000) for (const [k, v] of counts) if (v.resetAt <= now) counts.delete(k)
      const entry = counts.get(key)
      if (!entry || entry.resetAt <= now) {
        counts.set(key, { count: 1, resetAt: now + rule.window * 1000 })
        return { allowed: true, retryAfter: null }
      }
      if (entry.count >= rule.max) return { allowed: false, retryAfter: Math.ceil((entry.resetAt - now) / 1000) }
      entry.count += 1
      return { allowed: true, retryAfter: null }
    },
  }
}

/** better-auth's verification identifier of a reset link: this prefix, then the token. */
const RESET_PREFIX = 'reset-password:'

async function hashResetIdentifier(identifier: string): Promise<string> {
  return `${RESET_PREFIX}${createHash('sha256').update(identifier).digest('base64url')}`
}

/** Voids every outstanding reset link of the user (stored with the user id as their value). */
async function deleteResetLinks(db: Db, userId: string): Promise<void> {
  await db.kysely.deleteFrom('verification').where('identifier', 'like', `${RESET_PREFIX}%`).where('value', '=', userId).execute()
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps))
}

export type Auth = ReturnType<typeof createAuth>

/**
 * The e-mailed link: better-auth checks the token and redirects to our page with `?token=...`,
 * or with `?error=INVALID_TOKEN` when it is used, expired or unknown.
 */
export function resetLink(config: Config, token: string): string {
  const callback = encodeURIComponent(RESET_PASSWORD_PATH)
  return `${config.publicUrl}${AUTH_BASE_PATH}/reset-password/${encodeURIComponent(token)}?callbackURL=${callback}`
}

/** In development the client may be opened as localhost or 127.0.0.1; trust both spellings. */
function trustedOrigins(config: Config): string[] {
  const origin = new URL(config.publicUrl).origin
  if (config.nodeEnv !== 'development') return [origin]
  return [origin, origin.replace('//localhost', '//127.0.0.1'), origin.replace('//127.0.0.1', '//localhost')]
}

/**
 * docs/product.md §8 tells the visitor when no account has the address (better-auth would answer the same
 * either way). This reveals which addresses have accounts; the request is rate limited per address
 * and per client (docs/decisions/005-identity.md).
 */
async function requireKnownEmail(ctx: {
  body?: unknown
  context: { internalAdapter: { findUserByEmail: (email: string) => Promise<unknown> } }
}) {
  const email = (ctx.body as { email?: unknown } | undefined)?.email
  if (typeof email !== 'string' || !z.email().safeParse(email).success) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: AUTH_ERROR_MESSAGES.INVALID_EMAIL })
  }
  if (!(await ctx.context.internalAdapter.findUserByEmail(email))) {
    throw new APIError('NOT_FOUND', { code: 'ACCOUNT_NOT_FOUND', message: AUTH_ERROR_MESSAGES.ACCOUNT_NOT_FOUND })
  }
}

/**
 * A display name of at most NAME_MAX_LENGTH characters: better-auth takes any length, and a huge
 * name once made cookies and tokens too large to send (431 on every request).
 */
function limitName(body: unknown) {
  const name = (body as { name?: unknown } | undefined)?.name
  if (typeof name === 'string' && name.trim().length > NAME_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: AUTH_ERROR_MESSAGES.NAME_TOO_LONG })
  }
}

/** What /update-user may change: a non-blank name and the photo address (a name past the limit is limitName's). */
const ProfileUpdateSchema = z.object({
  name: z
    .string()
    .refine((name) => name.trim() !== '', 'Please enter a name.')
    .optional(),
  image: z.string().max(2048).nullable().optional(),
})

/**
 * better-auth writes what it is given: a null or mistyped name reached the database (a NOT NULL
 * violation on PostgreSQL, a 500). Refuse it as a validation error instead.
 */
function checkProfileUpdate(body: unknown) {
  const result = ProfileUpdateSchema.safeParse(body)
  if (result.success) return
  const issue = result.error.issues[0]
  const message = issue ? `${['body', ...issue.path.map(String)].join('.')}: ${issue.message}` : 'Invalid request'
  throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message })
}
