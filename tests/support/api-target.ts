import http from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * Where API requests go: the in-process app (`inject`) or a server over real HTTP (the built
 * server the e2e run starts as `npm run serve` does). The contract and hostile-input properties
 * (tests/support/contract-properties.ts, tests/support/hostile-properties.ts) send every request
 * through one of these, so the same properties run against both (issue #33).
 */
export type ApiRequest = {
  method: string
  /** The path and query, sent as written (no normalisation: `/api/blends/..` stays that). */
  url: string
  headers?: Record<string, string>
  /** A string is sent as it is; anything else as JSON (with `content-type: application/json` unless one is given). */
  payload?: unknown
  /**
   * The client's address. In process it is the request's remote address; over HTTP it is sent as
   * `X-Forwarded-For`, which the server reads when started with TRUST_PROXY=true, its setting
   * behind a proxy: a run of many requests spreads them over addresses as many clients would.
   */
  from?: string
}

export type ApiAnswer = {
  statusCode: number
  headers: Record<string, string | string[] | undefined>
  body: string
  json: <T = unknown>() => T
}

export type ApiTarget = {
  /** `inject` or `http`: how the requests travel. */
  kind: 'inject' | 'http'
  /** The server's public origin (the `origin` the identity service checks on its writes). */
  publicUrl: string
  send: (request: ApiRequest) => Promise<ApiAnswer>
}

function encode(request: ApiRequest): { headers: Record<string, string>; body: string | undefined } {
  const headers = { ...request.headers }
  if (request.payload === undefined) return { headers, body: undefined }
  if (typeof request.payload === 'string') return { headers, body: request.payload }
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json'
  return { headers, body: JSON.stringify(request.payload) }
}

const answer = (statusCode: number, headers: ApiAnswer['headers'], body: string): ApiAnswer => ({
  statusCode,
  headers,
  body,
  json: <T>() => JSON.parse(body) as T,
})

/** Requests through `app.inject`: no socket, the app as the tests build it. */
export function injectTarget(app: FastifyInstance, publicUrl: string): ApiTarget {
  return {
    kind: 'inject',
    publicUrl,
    send: async (request) => {
      const { headers, body } = encode(request)
      const res = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(body === undefined ? {} : { payload: body }),
        ...(request.from ? { remoteAddress: request.from } : {}),
      })
      return answer(res.statusCode, res.headers as ApiAnswer['headers'], res.body)
    },
  }
}

/** A body above this many bytes is held back until the server has had a moment to refuse it by its headers. */
const HOLD_BODY_OVER = 64 * 1024
const HOLD_BODY_MS = 200
/** On the one retry (see `httpTarget`), a large body waits this long for an answer before it is sent. */
const RETRY_HOLD_BODY_MS = 5_000

/** The errors of a connection the server closed or reset before its answer was read. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE'])

/** A request that failed over HTTP: the request is named in the message, so a failed run says which case it was. */
export class HttpSendError extends Error {
  constructor(
    request: ApiRequest,
    bytes: number,
    why: string,
    /** The answer never arrived and sending again is safe: the connection was lost before the server answered. */
    readonly retryable: boolean,
    cause?: unknown,
  ) {
    super(`${request.method} ${request.url.slice(0, 200)}${request.url.length > 200 ? '…' : ''} (a body of ${bytes} bytes): ${why}`, {
      cause,
    })
  }
}

/**
 * Requests over HTTP to `baseUrl`, on kept-alive connections, with the path sent byte for byte
 * as given (node:http, not fetch: a URL object would resolve dot segments and re-encode).
 *
 * A server may answer before it reads the body (413 from the Content-Length alone, then it closes
 * the connection). That answer, read in full, is the answer: whatever the socket says after it
 * (EPIPE, ECONNRESET as the rest of the body meets the closed connection) is no failure. What the
 * client cannot do is read an answer the connection lost: when the body is still on its way as the
 * server closes, the reset can drop the answer before it is read. So a large body waits a moment
 * for an answer to its headers; and a request whose connection was lost before any answer (that
 * race, or a kept-alive connection the server had just closed) is sent once more, on a connection
 * of its own, with a large body held until the server answers or has waited RETRY_HOLD_BODY_MS. Sending
 * again is safe: a server that read the request would have answered it.
 */
export function httpTarget(baseUrl: string): ApiTarget & { close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const base = new URL(baseUrl)

  const sendOnce = (request: ApiRequest, retry: boolean): Promise<ApiAnswer> => {
    const { headers, body } = encode(request)
    const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8')
    if (bytes) headers['content-length'] = String(bytes.length)
    if (request.from) headers['x-forwarded-for'] = request.from
    const size = bytes?.length ?? 0
    return new Promise<ApiAnswer>((resolve, reject) => {
      let settled = false
      let bodySent = false
      let answered = false
      const fail = (why: string, retryable: boolean, cause?: unknown) => {
        if (settled) return
        settled = true
        reject(new HttpSendError(request, size, why, retryable, cause))
      }
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: request.url,
          method: request.method,
          headers,
          ...(retry ? { agent: false } : { agent }),
        },
        (res) => {
          answered = true
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            if (settled) return
            settled = true
            resolve(answer(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8')))
            // Answered before its body was sent: the request cannot go on, and its connection goes.
            if (!bodySent) req.destroy()
          })
          // Closed before the answer's last byte: the answer is cut short, not an answer.
          res.on('close', () => {
            if (!res.complete)
              fail(`the connection closed ${chunks.length > 0 ? 'in' : 'before'} the answer's body (status ${res.statusCode})`, false)
          })
        },
      )
      req.on('error', (err: NodeJS.ErrnoException) => {
        // After a complete answer, the rest of the socket's life is no failure.
        if (settled) return
        if (answered) return fail(`${err.code ?? err.message} in the answer's body`, false, err)
        const lost = CONNECTION_LOST.has(err.code ?? '') || err.message === 'socket hang up'
        fail(
          `${err.code ?? err.message} before any answer${req.reusedSocket ? ', on a reused connection' : ''}${bodySent && size > 0 ? ', with the body sent' : ''}`,
          lost && !retry && (req.reusedSocket || bodySent),
          err,
        )
      })
      const sendBody = () => {
        if (settled || answered) return
        bodySent = true
        req.end(bytes)
      }
      const hold = size > HOLD_BODY_OVER ? (retry ? RETRY_HOLD_BODY_MS : HOLD_BODY_MS) : 0
      if (hold === 0) {
        sendBody()
        return
      }
      // The headers go now; the body only if no answer came within the hold.
      req.flushHeaders()
      const timer = setTimeout(sendBody, hold)
      req.on('close', () => clearTimeout(timer))
    })
  }

  return {
    kind: 'http',
    publicUrl: base.origin,
    close: () => agent.destroy(),
    send: async (request) => {
      try {
        return await sendOnce(request, false)
      } catch (err) {
        if (!(err instanceof HttpSendError && err.retryable)) throw err
        try {
          return await sendOnce(request, true)
        } catch (again) {
          throw new Error(`${(again as Error).message}; sent once more after: ${err.message}`, { cause: again })
        }
      }
    },
  }
}

/** A user signed up through the real endpoints: session cookie and bearer token. */
export type SignedUp = { userId: string; email: string; password: string; name: string; cookie: string; token: string }

/** The `name=value` pairs of a response's Set-Cookie headers, joined for a `cookie` request header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return all.map((c) => c.split(';', 1)[0]).join('; ')
}

/** Signs `input` up through `POST /api/auth/sign-up/email` and exchanges the session for a bearer token. */
export async function signUpVia(
  target: ApiTarget,
  input: { email: string; password: string; name: string },
  from?: string,
): Promise<SignedUp> {
  const signUp = await target.send({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: target.publicUrl },
    payload: input,
    ...(from ? { from } : {}),
  })
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`)
  const cookie = cookieHeader(signUp.headers['set-cookie'])
  const tokenRes = await target.send({ method: 'GET', url: '/api/auth/token', headers: { cookie }, ...(from ? { from } : {}) })
  if (tokenRes.statusCode !== 200) throw new Error(`token failed: ${tokenRes.statusCode} ${tokenRes.body}`)
  const userId = signUp.json<{ user: { id: string } }>().user.id
  return { ...input, userId, cookie, token: tokenRes.json<{ token: string }>().token }
}
