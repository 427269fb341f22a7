import type { FastifyServerOptions } from 'fastify'

const SECRET_QUERY_KEYS = /token|code|state|secret|password|key/i

/** The longest path, and query value, a log line keeps: a 100 kB `redirectTo` is no log line. */
export const MAX_LOGGED_PATH = 500
export const MAX_LOGGED_VALUE = 200

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more characters]`)

/**
 * The URL as logged: secret-looking query values and reset tokens in paths are masked, and long
 * paths and values cut short.
 */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2)
  const safePath = truncate(pathname.replace(/(\/reset-password\/)[^/]+/i, '$1[redacted]'), MAX_LOGGED_PATH)
  if (!query) return safePath
  const params = new URLSearchParams(query)
  for (const [key, value] of [...params.entries()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]')
    else if (value.length > MAX_LOGGED_VALUE) params.set(key, truncate(value, MAX_LOGGED_VALUE))
  }
  return `${safePath}?${params.toString()}`
}

/** JSON logs with request ids; never bodies, cookies or authorization headers. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  }
}
