import type { FastifyInstance } from 'fastify'
import { AppError, errorBody } from '#server/http/errors.ts'

/**
 * How deep a JSON body may nest. Accord's deepest request (an export file, an MCP tool call inside
 * its JSON-RPC message) nests under 10; code that walks a body (a hash of it, the NUL check, the
 * MCP SDK's copy) may recurse, and a body nested thousands deep overflowed its stack: a 500.
 */
export const MAX_JSON_DEPTH = 64

/** Whether `text` (JSON, or not) opens more than `max` arrays or objects inside each other; linear, outside strings. */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i += 1
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth += 1
      if (depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth -= 1
  }
  return false
}

/**
 * A Host header as HTTP defines it: a name or IPv4 address, or an IPv6 address in brackets, and an
 * optional port (RFC 9110 §7.2, RFC 3986 §3.2.2).
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/

/** Whether a request's Host header can be the authority of a URL (absent counts as fine: HTTP/1.0). */
export function isWellFormedHost(host: string | undefined): boolean {
  if (host === undefined) return true
  const match = HOST.exec(host)
  if (!match || (match[1] !== undefined && Number(match[1]) > 65_535)) return false
  try {
    return new URL(`http://${host}/`).pathname === '/'
  } catch {
    return false
  }
}

/**
 * Refusals of requests no route can read, before any route runs (issue #32): a JSON body nested
 * deeper than MAX_JSON_DEPTH is a 400 `MALFORMED_JSON`, and a malformed Host header a 400
 * `BAD_REQUEST` (code that builds the request's URL from it threw: a 500 on /mcp). JSON is still
 * parsed by Fastify's own parser, with its prototype-poisoning checks, after the depth is read.
 */
export function installRequestShapeChecks(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // request.host: the Host header, or X-Forwarded-Host behind a trusted proxy (TRUST_PROXY).
    if (isWellFormedHost(request.host || undefined)) return done()
    reply.status(400).send(errorBody('BAD_REQUEST', 'The Host header is not a host name or address with an optional port'))
  })
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(
        new AppError(400, 'MALFORMED_JSON', `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} deep`),
        undefined,
      )
    }
    parseJson(request, body as string, done)
  })
}
