import type { RESPONSES, ResponseName, ResponseOf } from '#shared/api/responses.ts'

/**
 * The client's one transport: every request it makes to the server leaves through `send` (lint
 * refuses `fetch` and `XMLHttpRequest` anywhere else in src/client). Callers add what their kind
 * of request needs (docs/architecture.md, "The client's request path"): lib/api-client.ts the
 * bearer token and the retry after a 401, lib/auth-client.ts and lib/session.ts the identity
 * service's cookie, the redeem form nothing. This module is part of every page, so it is small
 * and carries no schema library.
 */

/** How much of an upload has been sent, 0 to 1. */
export type UploadProgress = (sent: number) => void

export interface SendOptions {
  method?: string
  /** Sent with `accept: application/json`, which every request carries. */
  headers?: Record<string, string>
  body?: Blob | string
  /** No answer after this rejects with a DOMException named TimeoutError, as fetch's signal does. */
  timeoutMs?: number
  /**
   * Reports how much of the body has been sent: fetch cannot, so such a request goes through
   * XMLHttpRequest where the browser has it (lib/http-progress.ts, loaded only then: this module
   * is part of every page), and answers the same Response.
   */
  onProgress?: UploadProgress
}

/**
 * Sends one request with the session cookie and answers the server's Response, whatever its
 * status. Rejects as fetch does: a TypeError when no answer comes, a TimeoutError when
 * `timeoutMs` passes first. What a failure means is the caller's to say.
 */
export async function send(path: string, { method = 'GET', headers, body, timeoutMs, onProgress }: SendOptions = {}): Promise<Response> {
  // The interface's language (`<html lang>`), so the server words its messages in it (decision 100);
  // without a page (a worker), the browser's own Accept-Language.
  const language = globalThis.document?.documentElement.lang
  const all = { accept: 'application/json', ...(language && { 'accept-language': language }), ...headers }
  if (onProgress && typeof XMLHttpRequest === 'function') {
    const { sendWithProgress } = await import('#client/lib/http-progress.ts')
    return sendWithProgress(path, { method, headers: all, body, timeoutMs, onProgress })
  }
  return fetch(path, {
    method,
    headers: all,
    body,
    credentials: 'include',
    signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
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
