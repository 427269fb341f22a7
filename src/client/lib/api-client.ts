import type { QueryFunction, QueryFunctionContext } from '@tanstack/react-query'
import { AUTH_ERROR_MESSAGES } from '#shared/api/auth.ts'
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/fields.ts'
import { getIdToken } from '#client/lib/auth-client.ts'
import { currentUser } from '#client/lib/session.ts'

/**
 * The one way the client calls the product API (SPEC.md §7 "Product API helper"): any method, a
 * path, an optional JSON body, credentials included, the bearer ID token attached. On a 401 it
 * gets a fresh token once and retries once.
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
}

/** A fresh idempotency key: a random UUID, also where crypto.randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

async function send(method: string, path: string, body: unknown, forceRefresh: boolean, options: RequestOptions): Promise<Response> {
  const token = await getIdToken({ forceRefresh })
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (options.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  })
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text().catch(() => '')) || res.statusText
  throw new Error(`${res.status}: ${text}`)
}

/** SPEC.md §8: an error that mentions auth is reported as an authentication failure. */
function asAuthFailure(err: unknown): unknown {
  return err instanceof Error && /auth/i.test(err.message) ? new Error(AUTHENTICATION_FAILED_MESSAGE, { cause: err }) : err
}

/**
 * Calls the API and returns the OK response. Throws 'User not authenticated. Please sign in.'
 * when nobody is signed in, '{status}: {body or status text}' for a refusal, and 'Authentication
 * failed. Please sign in again.' when the failure is about authentication. The retry after a 401
 * is the same intent: it sends the same idempotency key.
 */
export async function apiRequest(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  if (!currentUser()) throw new Error(NOT_AUTHENTICATED_MESSAGE)
  try {
    let res = await send(method, path, body, false, options)
    if (res.status === 401) res = await send(method, path, body, true, options)
    await throwIfNotOk(res)
    return res
  } catch (err) {
    throw asAuthFailure(err)
  }
}

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

/** The QueryClient's default query function: getQueryFn, with the query's `meta.on401` (default 'throw'). */
export function defaultQueryFn({ queryKey, meta }: QueryFunctionContext): Promise<unknown> {
  return fetchQuery(String(queryKey[0]), meta?.on401 ?? 'throw')
}
