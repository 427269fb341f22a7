import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The headers helmet sets for these options, computed once. Our options have no per-request
 * parts (no nonces, no directive functions), so every answer carries the same set; the Fastify
 * wrapper rebuilt helmet, and re-parsed the CSP, on every request (docs/quality.md).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err
  })
  return headers
}

/**
 * What an API answer carries instead of the page set: JSON is never rendered as a document, so the
 * page policy (scripts, styles, images, the worker) means nothing for it. What does matter is that
 * nothing can frame or run it, that browsers never guess its type, that other sites cannot embed it,
 * and HSTS under https (the headers OWASP's REST Security Cheat Sheet lists for APIs).
 * docs/decisions/033-api-security-headers.md.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  }
  for (const name of ['referrer-policy', 'strict-transport-security']) {
    const value = pageHeaders[name]
    if (value !== undefined) headers[name] = value
  }
  return headers
}

/**
 * Sends helmet's headers, computed once, with every page, file and error of the app, and the API
 * set (apiSecurityHeaders) with every /api answer.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = helmetHeaders(options)
  const apiHeaders = apiSecurityHeaders(pageHeaders)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders)
    done()
  })
}
