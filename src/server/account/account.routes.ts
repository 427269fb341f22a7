import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AccountInfoSchema,
  CONFIRM_EMAIL_MISMATCH,
  CONFIRM_EMAIL_MISMATCH_MESSAGE,
  DeleteAccountBodySchema,
  confirmsEmail,
} from '#shared/api/account.ts'
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES } from '#shared/api/auth.ts'
import { deleteAccount } from '#server/account/account.commands.ts'
import { accountEmail, accountInfo } from '#server/account/account.repo.ts'
import { AppError } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'
import { eraseDeletedPages } from '#server/db/db.ts'

const ONE_MINUTE = 60_000

/** The user of a valid token whose account is gone (deleted by another process a moment ago). */
const gone = () => new AppError(401, AUTH_ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.')

/**
 * The account page's own endpoints (docs/product.md §2 "Account"): GET /api/me/account, what the
 * page shows, and POST /api/me/delete, which deletes the account and everything it owns once the
 * user has typed its e-mail address. Renaming, password changes and signing out everywhere are
 * the identity service's (/api/auth/*, limited in auth.routes.ts).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me/account', { schema: { response: answers(200, AccountInfoSchema) } }, async (request) => {
    const info = await accountInfo(app.db.kysely, request.userId)
    if (!info) throw gone()
    return info
  })

  const limits = app.config.authRateLimit
  // Per account and per client address, in the shared store when REDIS_URL is set, like sign-in.
  const byAccount = app.createRateLimit({
    max: limits.perEmail,
    timeWindow: ONE_MINUTE,
    keyGenerator: (request) => `account-delete-user|${request.userId}`,
  })
  const byAddress = app.createRateLimit({
    max: limits.perIp,
    timeWindow: ONE_MINUTE,
    keyGenerator: (request) => `account-delete-ip|${request.ip}`,
  })
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of [await byAddress(request), await byAccount(request)]) {
      if (!check.isAllowed && check.isExceeded) {
        reply.header('retry-after', String(check.ttlInSeconds))
        throw new AppError(429, AUTH_ERROR_CODES.RATE_LIMITED, AUTH_ERROR_MESSAGES.RATE_LIMITED)
      }
    }
  }

  app.post(
    '/me/delete',
    {
      preHandler: limited,
      schema: {
        body: DeleteAccountBodySchema,
        response: answers(204, undefined, { 400: [CONFIRM_EMAIL_MISMATCH], 429: ['RATE_LIMITED'] }),
      },
    },
    async (request, reply) => {
      const { confirmEmail } = request.body
      const email = await accountEmail(app.db.kysely, request.userId)
      if (email === undefined) throw gone()
      if (!confirmsEmail(confirmEmail, email)) throw new AppError(400, CONFIRM_EMAIL_MISMATCH, CONFIRM_EMAIL_MISMATCH_MESSAGE)
      await app.db.kysely.transaction().execute((trx) => deleteAccount(trx, request.userId))
      await eraseDeletedPages(app.db)
      app.identity.verifier.forgetUser(request.userId)
      app.identity.endGrants(request.userId)
      // Nothing of the account stays in the local outbox either (decision 041).
      await app.identity.mailer.forget(email)
      request.log.info({ userId: request.userId }, 'account deleted')
      return reply.status(204).send()
    },
  )
}
