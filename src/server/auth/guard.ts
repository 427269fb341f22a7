import type { FastifyInstance, FastifyReply } from 'fastify'
import { AUTH_ERROR_CODES } from '#shared/api/auth.ts'
import { TokenRejected, type TokenVerifier } from '#server/auth/token-verifier.ts'
import { AppError } from '#server/http/errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by the auth guard on every non-public /api route. */
    userId: string
  }
}

/** A JWT: three base64url parts. */
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/

const REJECTED_MESSAGES = {
  expired: 'Your session token has expired.',
  invalid: 'Your session token is not valid.',
  revoked: 'Your session has ended. Please sign in again.',
} as const

/**
 * A 401 with its challenge. It is handed to Fastify (`done(error)`), so the error handler
 * (src/server/http/errors.ts) says it in the request's language like every refusal (decision 100);
 * its message is a literal here, where extract-messages.ts collects it for the translations.
 */
function unauthenticated(reply: FastifyReply, message: string, error?: 'invalid_token') {
  reply.header('www-authenticate', error ? `Bearer error="${error}"` : 'Bearer')
  return new AppError(401, AUTH_ERROR_CODES.UNAUTHENTICATED, message)
}

/**
 * Every route of the scope requires `Authorization: Bearer <ID token>` unless its config says
 * `{ public: true }` (the explicit allow-list). Call on the /api scope before registering routes.
 */
export function installAuthGuard(api: FastifyInstance, verifier: TokenVerifier): void {
  api.decorateRequest('userId', '')
  // Callback style: a public route (the catalog, health) and a token verified before cost no promise.
  api.addHook('onRequest', (request, reply, done) => {
    // Unknown paths answer 404 whoever asks; public routes need no token.
    if (request.is404 || request.routeOptions.config?.public) return done()
    const header = request.headers.authorization
    if (!header) return done(unauthenticated(reply, 'Sign in to continue: this request needs an Authorization: Bearer token.'))
    const match = BEARER.exec(header)
    if (!match?.[1]) return done(unauthenticated(reply, 'The Authorization header must be "Bearer <token>".', 'invalid_token'))
    verifier.verify(match[1]).then(
      ({ userId }) => {
        request.userId = userId
        done()
      },
      (err: unknown) =>
        done(err instanceof TokenRejected ? unauthenticated(reply, REJECTED_MESSAGES[err.reason], 'invalid_token') : (err as Error)),
    )
  })
}
