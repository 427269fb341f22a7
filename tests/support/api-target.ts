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

/**
 * Requests over HTTP to `baseUrl`, on kept-alive connections, with the path sent byte for byte
 * as given (node:http, not fetch: a URL object would resolve dot segments and re-encode).
 */
export function httpTarget(baseUrl: string): ApiTarget & { close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const base = new URL(baseUrl)
  return {
    kind: 'http',
    publicUrl: base.origin,
    close: () => agent.destroy(),
    send: (request) => {
      const { headers, body } = encode(request)
      const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8')
      if (bytes) headers['content-length'] = String(bytes.length)
      if (request.from) headers['x-forwarded-for'] = request.from
      return new Promise<ApiAnswer>((resolve, reject) => {
        let answered = false
        const req = http.request(
          { host: base.hostname, port: base.port, path: request.url, method: request.method, headers, agent },
          (res) => {
            answered = true
            const chunks: Buffer[] = []
            const done = () => resolve(answer(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8')))
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', done)
            res.on('error', done)
          },
        )
        req.on('error', (err) => {
          if (!answered) reject(err)
        })
        if (!bytes || bytes.length <= HOLD_BODY_OVER) {
          req.end(bytes)
          return
        }
        // A server refuses a body over its limit from its Content-Length alone, answers 413 and
        // closes. Were the body on its way then, the close would reset the connection and could
        // drop the answer before it is read (write ECONNRESET): so a large body waits for the
        // headers' answer a moment, and is sent only when none came (then any error is the run's).
        req.flushHeaders()
        const timer = setTimeout(() => {
          if (!answered) req.end(bytes)
        }, HOLD_BODY_MS)
        req.on('response', (res) => {
          clearTimeout(timer)
          // The answer came before the body: once read, the request ends with none, and its socket goes.
          res.on('end', () => req.destroy())
        })
      })
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
