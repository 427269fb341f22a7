import type { FastifyServerOptions } from 'fastify'

const SECRET_QUERY_KEYS = /token|code|state|secret|password|key/i

/** The URL as logged: secret-looking query values and reset tokens in paths are masked. */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2)
  const safePath = pathname.replace(/(\/reset-password\/)[^/]+/i, '$1[redacted]')
  if (!query) return safePath
  const params = new URLSearchParams(query)
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]')
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
