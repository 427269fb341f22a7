import {
  AUTH_ERROR_CODES,
  AUTH_ERROR_MESSAGES,
  DEFAULT_SESSION_CHECK_INTERVAL_MS,
  type AuthConfig,
  type AuthErrorCode,
} from '#shared/api/auth-codes.ts'
import { ApiError } from '#client/lib/api-error.ts'
import { GOOGLE_CANCELLED_MESSAGE, GOOGLE_FAILED_MESSAGE } from '#client/lib/auth-messages.ts'
import { googleReturnAddresses } from '#client/lib/google-return.ts'
import { send } from '#client/lib/http.ts'
import { loadPage } from '#client/lib/load-page.ts'
import { isUserShape, setSignedIn, setSignedOut, toSessionUser, type SessionUser } from '#client/lib/session.ts'
import { expiryOf, stillFresh } from '#client/lib/token-expiry.ts'

/**
 * The browser side of the identity service (better-auth at /api/auth, called through the one
 * transport in lib/http.ts with the session cookie and no bearer token: its client package would
 * add weight to every page). The session is an HttpOnly cookie; the API
 * takes a short-lived bearer ID token that lives only in this module's memory, never in storage.
 * Every action that changes who is signed in reports to lib/session.ts.
 */

/** docs/product.md §8 messages of the auth forms that the server does not send (lib/auth-messages.ts). */
export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  enterEmail: 'Please enter your email address',
  generic: 'An error occurred',
  resetFailed: 'Failed to send reset email',
  googleFailed: GOOGLE_FAILED_MESSAGE,
  googleCancelled: GOOGLE_CANCELLED_MESSAGE,
} as const

type ErrorBody = { error?: { code?: unknown; message?: unknown } }

/**
 * Turns a failed answer into an ApiError whose message is docs/product.md §8's text for the codes this
 * action expects, the server's own message for a rate limit, and `fallback` for anything else.
 */
export async function toAuthError(res: Response, expected: readonly AuthErrorCode[], fallback: string): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as ErrorBody | null
  const code = typeof body?.error?.code === 'string' ? body.error.code : `HTTP_${res.status}`
  const serverMessage = typeof body?.error?.message === 'string' ? body.error.message : null
  if (res.status === 429) return new ApiError(res.status, code, serverMessage ?? AUTH_ERROR_MESSAGES.RATE_LIMITED)
  const known = (expected as readonly string[]).includes(code) ? AUTH_ERROR_MESSAGES[code as AuthErrorCode] : null
  return new ApiError(res.status, code, known ?? fallback)
}

/** POSTs JSON to the identity service; a network failure becomes an ApiError (status 0) with `fallback`. */
export async function postAuth(path: string, body: object, fallback: string): Promise<Response> {
  try {
    return await send(`/api/auth${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', fallback)
  }
}

async function signedInUser(res: Response): Promise<SessionUser> {
  const answer = (await res.json().catch(() => null)) as { user?: unknown } | null
  if (!isUserShape(answer?.user)) throw new ApiError(res.status, 'BAD_USER_RESPONSE', AUTH_MESSAGES.generic)
  const user = toSessionUser(answer.user)
  clearIdToken()
  setSignedIn(user)
  return user
}

// ---------------------------------------------------------------------------------------------
// Email and password

/** Creates the account (the display name is part of the sign-up) and signs the new user in. */
export async function signUp(input: { name: string; email: string; password: string }): Promise<SessionUser> {
  const res = await postAuth('/sign-up/email', input, AUTH_MESSAGES.generic)
  if (!res.ok) {
    throw await toAuthError(
      res,
      [AUTH_ERROR_CODES.EMAIL_IN_USE, AUTH_ERROR_CODES.WEAK_PASSWORD, AUTH_ERROR_CODES.PASSWORD_TOO_LONG, AUTH_ERROR_CODES.INVALID_EMAIL],
      AUTH_MESSAGES.generic,
    )
  }
  return signedInUser(res)
}

export async function signIn(input: { email: string; password: string }): Promise<SessionUser> {
  const res = await postAuth('/sign-in/email', input, AUTH_MESSAGES.generic)
  if (!res.ok) {
    throw await toAuthError(res, [AUTH_ERROR_CODES.INVALID_CREDENTIALS, AUTH_ERROR_CODES.INVALID_EMAIL], AUTH_MESSAGES.generic)
  }
  return signedInUser(res)
}

/**
 * Ends the session on the server, then here. The local sign-out happens even when the server
 * cannot be reached: the visitor asked to leave.
 */
export async function signOut(): Promise<void> {
  signingOut = true
  try {
    // A token refresh racing the sign-out would be refused and alarm the session check.
    await inflightToken?.catch(() => undefined)
    await postAuth('/sign-out', {}, AUTH_MESSAGES.generic).catch(() => undefined)
  } finally {
    cachedToken = null
    signingOut = false
    setSignedOut()
  }
}

/** E-mails a reset link (it lands on /reset-password?token=...). */
export async function requestPasswordReset(email: string): Promise<void> {
  const res = await postAuth('/request-password-reset', { email }, AUTH_MESSAGES.resetFailed)
  if (!res.ok) {
    throw await toAuthError(res, [AUTH_ERROR_CODES.ACCOUNT_NOT_FOUND, AUTH_ERROR_CODES.INVALID_EMAIL], AUTH_MESSAGES.resetFailed)
  }
}

/** Sets the new password with the token of an e-mailed link. It does not sign in. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const res = await postAuth('/reset-password', { token, newPassword }, AUTH_MESSAGES.generic)
  if (!res.ok) {
    throw await toAuthError(
      res,
      [AUTH_ERROR_CODES.INVALID_RESET_TOKEN, AUTH_ERROR_CODES.WEAK_PASSWORD, AUTH_ERROR_CODES.PASSWORD_TOO_LONG],
      AUTH_MESSAGES.generic,
    )
  }
}

/**
 * Ends the session with `request` (e.g. POST /revoke-sessions), then signs out here; no token is
 * fetched meanwhile, since one racing the request would be refused and alarm the session check.
 * When the request fails the user stays signed in.
 */
export async function endSessionWith(request: () => Promise<void>): Promise<void> {
  signingOut = true
  try {
    await inflightToken?.catch(() => undefined)
    await request()
  } catch (err) {
    signingOut = false
    throw err
  }
  forgetSession()
}

/**
 * Runs `request`, which replaces this device's session (a password change: the identity service
 * ends every session and sets a new cookie). Token requests wait until it has finished: one sent
 * with the old cookie meanwhile would be refused, and the session check would call the session ended.
 */
export async function replaceSessionWith<T>(request: () => Promise<T>): Promise<T> {
  const run = (async () => {
    await inflightToken?.catch(() => undefined)
    try {
      return await request()
    } finally {
      // The old session's token is no use after the change, and may not be handed to anyone waiting.
      cachedToken = null
    }
  })()
  replacingSession = run
  try {
    return await run
  } finally {
    if (replacingSession === run) replacingSession = null
  }
}

/** Signs out here without asking the server: the session is already gone (signed out everywhere, account deleted). */
export function forgetSession(): void {
  clearIdToken()
  signingOut = false
  setSignedOut()
}

// ---------------------------------------------------------------------------------------------
// Google (a redirect flow through the identity service)

/**
 * Sends the browser to Google's sign-in page, to come back to Home, or to the AI assistant's
 * connection request it started from (lib/google-return.ts). Resolves never on success (the page unloads);
 * rejects with 'Failed to sign in with Google' (or the server's message) when it cannot start.
 */
export async function startGoogleSignIn(): Promise<never> {
  const res = await postAuth(
    '/sign-in/social',
    { provider: 'google', ...googleReturnAddresses(window.location) },
    AUTH_MESSAGES.googleFailed,
  )
  if (!res.ok) throw await toAuthError(res, [], AUTH_MESSAGES.googleFailed)
  const body = (await res.json().catch(() => null)) as { url?: unknown } | null
  if (typeof body?.url !== 'string') throw new ApiError(res.status, 'NO_REDIRECT', AUTH_MESSAGES.googleFailed)
  loadPage(body.url)
  return new Promise<never>(() => {})
}

// ---------------------------------------------------------------------------------------------
// Settings

let authConfig: Promise<AuthConfig> | null = null

/** GET /api/auth-config, asked once per page load; when it fails, Google is off and the defaults hold. */
export function getAuthConfig(): Promise<AuthConfig> {
  authConfig ??= send('/api/auth-config')
    .then(async (res) => (res.ok ? toAuthConfig(await res.json()) : Promise.reject(new Error(String(res.status)))))
    .catch(() => {
      authConfig = null
      return { google: false, sessionCheckIntervalMs: DEFAULT_SESSION_CHECK_INTERVAL_MS }
    })
  return authConfig
}

/**
 * Reads GET /api/auth-config's answer (AuthConfigSchema in shared/api/auth.ts), checked by hand:
 * this module is part of every page, and the schema library is not (docs/quality.md).
 */
export function toAuthConfig(body: unknown): AuthConfig {
  const { google, sessionCheckIntervalMs } = (body ?? {}) as Partial<Record<keyof AuthConfig, unknown>>
  if (typeof google !== 'boolean' || !Number.isInteger(sessionCheckIntervalMs) || (sessionCheckIntervalMs as number) <= 0) {
    throw new Error('Unexpected auth configuration')
  }
  return { google, sessionCheckIntervalMs: sessionCheckIntervalMs as number }
}

// ---------------------------------------------------------------------------------------------
// The API's bearer ID token

let cachedToken: { token: string; expiresAt: number } | null = null
let inflightToken: Promise<string> | null = null
let signingOut = false
let replacingSession: Promise<unknown> | null = null

const noop = () => undefined

/**
 * The ID token for `Authorization: Bearer`, from memory while it is fresh; `forceRefresh` asks
 * the identity service for a new one (GET /api/auth/token). Rejects with an ApiError of status
 * 401 when the session has ended (signed out elsewhere, revoked or expired).
 */
export function getIdToken({ forceRefresh = false }: { forceRefresh?: boolean } = {}): Promise<string> {
  if (signingOut) return Promise.reject(new ApiError(0, 'SIGNING_OUT', AUTH_ERROR_MESSAGES.UNAUTHENTICATED))
  // The session is being replaced: ask for a token with the new cookie, once it has arrived.
  if (replacingSession) return replacingSession.then(noop, noop).then(() => getIdToken({ forceRefresh }))
  if (!forceRefresh && cachedToken && stillFresh(cachedToken.expiresAt, Date.now())) {
    return Promise.resolve(cachedToken.token)
  }
  // Callers asking at the same time share one request.
  inflightToken ??= fetchToken().finally(() => {
    inflightToken = null
  })
  return inflightToken
}

async function fetchToken(): Promise<string> {
  let res: Response
  try {
    res = await send('/api/auth/token')
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', AUTH_MESSAGES.generic)
  }
  if (!res.ok) {
    cachedToken = null
    throw await toAuthError(res, [AUTH_ERROR_CODES.UNAUTHENTICATED], AUTH_MESSAGES.generic)
  }
  const token = tokenOf(await res.json().catch(() => null))
  if (!token) throw new ApiError(res.status, 'BAD_TOKEN_RESPONSE', AUTH_MESSAGES.generic)
  cachedToken = { token, expiresAt: expiryOf(token) }
  return token
}

/**
 * The periodic session check (docs/product.md "Session banner"): asks the identity service, with
 * the cookie, whether `userId`'s session still holds (GET /api/auth/get-session). It makes no
 * token: the one in memory is reused until a minute before it expires (15 minutes), where a
 * forced refresh at every check asked for one each interval (issue 34). Rejects with an ApiError
 * of status 401 when the session has ended (no user, another user, or refused), and of status 0
 * when no answer came, which says nothing of the session.
 */
export async function checkSession(userId: string): Promise<void> {
  if (signingOut) throw new ApiError(0, 'SIGNING_OUT', AUTH_ERROR_MESSAGES.UNAUTHENTICATED)
  if (replacingSession) await replacingSession.then(noop, noop)
  let res: Response
  try {
    res = await send('/api/auth/get-session')
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', AUTH_MESSAGES.generic)
  }
  if (res.status !== 401 && !res.ok) throw new ApiError(res.status, `HTTP_${res.status}`, AUTH_MESSAGES.generic)
  const body = res.ok ? ((await res.json().catch(() => null)) as { user?: { id?: unknown } } | null) : null
  if (body?.user?.id === userId) return
  // The token in memory belongs to a session that has ended: it is not handed out again.
  cachedToken = null
  throw new ApiError(401, AUTH_ERROR_CODES.UNAUTHENTICATED, AUTH_ERROR_MESSAGES.UNAUTHENTICATED)
}

/** GET /api/auth/token's `{ token }` (TokenResponseSchema), checked by hand like toAuthConfig. */
export function tokenOf(body: unknown): string | null {
  const token = (body as { token?: unknown } | null)?.token
  return typeof token === 'string' && token.length > 0 ? token : null
}

/** Forgets the token held in memory (a new sign-in must not reuse the previous user's). */
export function clearIdToken(): void {
  cachedToken = null
  inflightToken = null
}

/** Forgets everything this module holds, as a page load would (tests). */
export function resetAuthClient(): void {
  clearIdToken()
  replacingSession = null
  authConfig = null
  signingOut = false
}
