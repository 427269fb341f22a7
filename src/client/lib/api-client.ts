import type { QueryFunction, QueryFunctionContext } from '@tanstack/react-query'
import { AUTH_ERROR_MESSAGES } from '#shared/api/auth-codes.ts'
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/headers.ts'
import type { ResponseName, ResponseOf } from '#shared/api/responses.ts'
import { getIdToken } from '#client/lib/auth-client.ts'
import { ApiError, apiErrorOf } from '#client/lib/api-error.ts'

export { ApiError, apiErrorOf, readAs, type UploadProgress }
import { readAs, send, type UploadProgress } from '#client/lib/http.ts'
import { whenRestored } from '#client/lib/offline/restore-gate.ts'
import { currentUser } from '#client/lib/session.ts'

/**
 * The one way the client calls the product API (docs/product.md §7 "Product API helper"): any method, a
 * path, an optional JSON body, credentials included, the bearer ID token attached. On a 401 it
 * gets a fresh token once and retries once. Failures are ApiErrors.
 */

export const NOT_AUTHENTICATED_MESSAGE = AUTH_ERROR_MESSAGES.UNAUTHENTICATED
export const AUTHENTICATION_FAILED_MESSAGE = 'Authentication failed. Please sign in again.'

/** What a query does when the API refuses it: fail (the default), or settle with null. */
export type On401Behavior = 'throw' | 'returnNull'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** 'returnNull' turns a 401 (even after the retry) or any other failure into `null` data. */
      on401?: On401Behavior
      /** A public read (the oil catalog): sent without a token, so it works offline too (decision 029). */
      public?: boolean
    }
  }
}

/** Options of one API call. */
export type RequestOptions = {
  /**
   * Sent as the Idempotency-Key header of a create: one per user intent (newIdempotencyKey()), the
   * same on every retry of that intent, so the server creates at most once.
   */
  idempotencyKey?: string
  /**
   * How long to wait for an answer before giving up with a TIMEOUT ApiError (status 0). Reads
   * default to READ_TIMEOUT_MS, so no screen waits without end; writes wait as long as it takes.
   */
  timeoutMs?: number
  /** Reports how much of an uploaded body has been sent (an import's progress bar). */
  onProgress?: UploadProgress
}

/** A read that has no answer after this fails, and its screen offers Try again (decision 039). */
export const READ_TIMEOUT_MS = 10_000

/** docs/product.md "Offline at the bench": a screen whose data was never saved on the device. */
export const NOT_ON_DEVICE_MESSAGE = "This isn't saved on this device. It will load when you're back online."
export const TIMEOUT_MESSAGE = 'Accord is taking too long to answer. Try again.'

/** The error of a read made offline for data the device does not have. */
export const isNotOnDevice = (err: unknown): boolean => err instanceof ApiError && err.code === 'NOT_ON_DEVICE'

/** A fresh idempotency key: a random UUID, also where crypto.randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** One attempt: the token (fresh when `forceRefresh`), the headers, the body, through the one transport. */
async function attempt(method: string, path: string, body: unknown, forceRefresh: boolean, options: RequestOptions): Promise<Response> {
  const token = await getIdToken({ forceRefresh }).catch((err: unknown) => {
    throw tokenFailure(err)
  })
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  // A Blob (an uploaded file) is sent as it is, with its own type; anything else as JSON.
  const raw = body instanceof Blob
  if (body !== undefined) headers['content-type'] = raw ? body.type || 'application/octet-stream' : 'application/json'
  if (options.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey
  try {
    return await send(path, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      timeoutMs: options.timeoutMs ?? (method === 'GET' ? READ_TIMEOUT_MS : undefined),
      onProgress: options.onProgress,
    })
  } catch (err) {
    // A DOMException named TimeoutError (checked by name: test realms have their own DOMException).
    if ((err as { name?: unknown } | null)?.name === 'TimeoutError')
      throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE, undefined, { cause: err })
    throw err
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Accord. Check your connection and try again.'

/** A session that no longer holds (a lasting 401, or no token to be had): the user must sign in again. */
function authenticationFailed(cause: unknown, code = 'UNAUTHENTICATED', details?: unknown): ApiError {
  return new ApiError(401, code, AUTHENTICATION_FAILED_MESSAGE, details, { cause })
}

/** Why no token could be had: no answer from the identity service is a network failure; any refusal means the session is gone. */
export function tokenFailure(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err
  if (err.status === 0 && err.code === 'NETWORK_ERROR')
    return new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, undefined, { cause: err })
  return authenticationFailed(err, err.code)
}

async function sendOrFail(method: string, path: string, body: unknown, forceRefresh: boolean, options: RequestOptions): Promise<Response> {
  try {
    return await attempt(method, path, body, forceRefresh, options)
  } catch (err) {
    // The transport rejects with a TypeError when no answer comes back (offline, connection dropped).
    if (err instanceof TypeError) throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, undefined, { cause: err })
    throw err
  }
}

/**
 * GET `path` and its JSON body, typed (and in development and tests parsed) by the route's shared
 * schema `answer`: the read every query makes (failures are apiRequest's ApiError).
 */
export async function getJson<N extends ResponseName>(path: string, answer: N, options: RequestOptions = {}): Promise<ResponseOf<N>> {
  return readAs(await apiRequest('GET', path, undefined, options), answer)
}

/**
 * Calls the API and returns the OK response (a Blob body is uploaded as it is, with `onProgress`
 * reporting how much has gone); anything else throws an ApiError: 401
 * 'User not authenticated. Please sign in.' when nobody is signed in (no request is made), 401
 * 'Authentication failed. Please sign in again.' when the session does not hold, 0 NETWORK_ERROR
 * when no answer came, and otherwise the status with the error shape's code, message and details.
 * The retry after a 401 is the same intent: it sends the same idempotency key.
 */
export async function apiRequest(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  if (!currentUser()) throw new ApiError(401, 'UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE)
  if (method === 'GET' && isOffline()) {
    // Offline, a read is answered at once (decision 039): by the data saved on the device, put
    // back into the cache meanwhile (query-client.ts keeps it), or by saying it is not there.
    await whenRestored()
    throw new ApiError(0, 'NOT_ON_DEVICE', NOT_ON_DEVICE_MESSAGE)
  }
  let res = await sendOrFail(method, path, body, false, options)
  if (res.status === 401) res = await sendOrFail(method, path, body, true, options)
  if (res.ok) return res
  const error = await apiErrorOf(res)
  if (res.status === 401) throw authenticationFailed(error, error.code, error.details)
  throw error
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text()
  return text ? (JSON.parse(text) as unknown) : null
}

/** GETs `path` through apiRequest and parses the JSON; with 'returnNull' any failure yields null. */
async function fetchQuery(path: string, on401: On401Behavior): Promise<unknown> {
  try {
    const res = await apiRequest('GET', path)
    return await readJson(res)
  } catch (err) {
    if (on401 === 'returnNull') return null
    throw err
  }
}

/**
 * A query function that GETs the first element of the query key (a path such as '/api/blends')
 * through apiRequest. With `on401: 'returnNull'` any failure, a lasting 401 included, yields null.
 */
export function getQueryFn<T>({ on401 }: { on401: On401Behavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => (await fetchQuery(String(queryKey[0]), on401)) as T | null
}

/**
 * GETs a public path without a token, read as its route's answer (`readAs`): offline, where no
 * token can be had, the service worker answers from what it precached (the oil catalog, decision 029).
 */
export async function getPublicJson<N extends ResponseName>(path: string, answer: N): Promise<ResponseOf<N>> {
  let res: Response
  try {
    res = await send(path)
  } catch (err) {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, undefined, { cause: err })
  }
  if (!res.ok) throw await apiErrorOf(res)
  return readAs(res, answer)
}

/**
 * The QueryClient's default query function: getQueryFn, with the query's `meta.on401` (default
 * 'throw'). The app's queries name their answer instead (getJson, getPublicJson), so it is read as
 * its route's schema says.
 */
export function defaultQueryFn({ queryKey, meta }: QueryFunctionContext): Promise<unknown> {
  return fetchQuery(String(queryKey[0]), meta?.on401 ?? 'throw')
}
