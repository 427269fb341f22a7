import type { RESPONSES, ResponseName, ResponseOf } from '#shared/api/responses.ts'
import { ApiError } from '#client/lib/api-error.ts'

/**
 * The client's one transport: every request it makes to the server leaves through `send` (lint
 * refuses `fetch` and `XMLHttpRequest` anywhere else in src/client). Callers add what their kind
 * of request needs (docs/architecture.md, "The client's request path"): lib/api-client.ts the
 * bearer token and the retry after a 401, lib/auth-client.ts and lib/session.ts the identity
 * service's cookie, the redeem form nothing. This module is part of every page, so it is small
 * and carries no schema library.
 */

export const TIMEOUT_MESSAGE = 'Accord is taking too long to answer. Try again.'

/** How much of an upload has been sent, 0 to 1. */
export type UploadProgress = (sent: number) => void

export interface SendOptions {
  method?: string
  /** Sent with `accept: application/json`, which every request carries. */
  headers?: Record<string, string>
  body?: Blob | string
  /** No answer after this fails with a TIMEOUT ApiError (status 0). */
  timeoutMs?: number
  /**
   * Reports how much of the body has been sent: fetch cannot, so such a request goes through
   * XMLHttpRequest where the browser has it, and answers the same Response.
   */
  onProgress?: UploadProgress
}

/**
 * Sends one request with the session cookie and answers the server's Response, whatever its
 * status. Rejects as fetch does when no answer comes (a TypeError), and with a TIMEOUT ApiError
 * when `timeoutMs` passes first.
 */
export async function send(path: string, { method = 'GET', headers, body, timeoutMs, onProgress }: SendOptions = {}): Promise<Response> {
  const all = { accept: 'application/json', ...headers }
  try {
    if (onProgress && typeof XMLHttpRequest === 'function') return await sendWithProgress(path, method, all, body, timeoutMs, onProgress)
    return await fetch(path, {
      method,
      headers: all,
      body,
      credentials: 'include',
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    })
  } catch (err) {
    // A DOMException named TimeoutError (checked by name: test realms have their own DOMException).
    if ((err as { name?: unknown } | null)?.name === 'TimeoutError') throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE, undefined, { cause: err })
    throw err
  }
}

function sendWithProgress(
  path: string,
  method: string,
  headers: Record<string, string>,
  body: Blob | string | undefined,
  timeoutMs: number | undefined,
  onProgress: UploadProgress,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    if (timeoutMs !== undefined) xhr.timeout = timeoutMs
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    // The answer as fetch would give it (a status without a body carries none).
    xhr.onload = () => resolve(new Response([101, 204, 205, 304].includes(xhr.status) ? null : xhr.responseText, { status: xhr.status }))
    // No answer at all (offline, connection dropped): what fetch rejects with.
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.ontimeout = () => reject(new DOMException('The request timed out', 'TimeoutError'))
    xhr.send(body ?? null)
  })
}

let schemas: typeof RESPONSES | undefined

/** The body of an answer the server's route sent with a schema that does not declare it. */
export class ResponseDriftError extends Error {
  override name = 'ResponseDriftError'
}

/**
 * The JSON body of an OK answer, typed by the shared schema of its route (src/shared/api/responses.ts).
 * In development and tests the body is parsed with that schema, and an answer the schema does not
 * accept (a field missing, a wrong type) throws a ResponseDriftError naming what differs. A
 * production build skips the parse: that branch and the schemas are not in it.
 */
export async function readAs<N extends ResponseName>(res: Response, name: N): Promise<ResponseOf<N>> {
  const text = await res.text()
  const body: unknown = text ? JSON.parse(text) : null
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    // Loaded once: later answers wait no longer than they would without the check.
    schemas ??= (await import('#shared/api/responses.ts')).RESPONSES
    const parsed = schemas[name].safeParse(body)
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(the body)'}: ${i.message}`).join('; ')
      throw new ResponseDriftError(`The answer of ${res.url || 'the server'} does not match its schema ${name}: ${issues}`)
    }
  }
  // The schema's type: checked above where the checking code exists, trusted in production.
  return body as ResponseOf<N>
}
