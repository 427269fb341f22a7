import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createMailer } from '#server/mail/mailer.ts'
import { redeemMessage } from '#server/mail/messages.ts'
import { recordClaim } from '#server/redeem/redeem.repo.ts'
import { RedeemRequestSchema, RedeemResponseSchema, type RedeemResponse } from '#shared/api/redeem.ts'
import { normalizeRedemptionCode, normalizeSecretWord } from '#shared/domain/redeem.ts'
import { SECRET_WORD_PAGE } from '#shared/domain/launch-offer.ts'
import { requestLanguage } from '#shared/i18n/languages.ts'
import { answers } from '#server/openapi/responses.ts'

/**
 * POST /api/redeem (public): a reader claims the launch discount with the secret word or a printed
 * single-use code. Every real claim is stored and mailed the beta link; a filled honeypot gets the
 * same answer as an unverified claim and leaves no trace. Register inside the /api scope.
 */
export const redeemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { redeem } = app.config
  const mailer = createMailer(app.config, app.log.child({ module: 'mail' }))
  app.addHook('onClose', async () => mailer.close())
  if (redeem.secretWordIsDefault && app.config.nodeEnv === 'production') {
    app.log.warn(
      `REDEEM_SECRET_WORD is not set: the development word is in use; set the first word on page ${SECRET_WORD_PAGE} of the book`,
    )
  }
  const secretWord = normalizeSecretWord(redeem.secretWord)

  app.post(
    '/redeem',
    {
      schema: { body: RedeemRequestSchema, response: answers(200, RedeemResponseSchema) },
      config: { public: true, rateLimit: { max: redeem.rateLimitPerIp, timeWindow: 60_000 } },
    },
    async (request): Promise<RedeemResponse> => {
      const body = request.body
      if (body.honeypot !== '') {
        request.log.info('redeem: honeypot filled, discarded')
        return { verified: false }
      }
      const code = normalizeRedemptionCode(body.redemptionCode)
      const claim = { email: body.email, marketplace: body.marketplace, purchaseMonth: body.purchaseMonth }
      const proof = {
        wordMatches: body.secretWord.trim() !== '' && normalizeSecretWord(body.secretWord) === secretWord,
        code: code || null,
      }
      const { id, verifiedBy } = await app.db.kysely.transaction().execute((trx) => recordClaim(trx, claim, proof))
      const verified = verifiedBy !== null
      request.log.info({ claimId: id, verifiedBy }, 'redeem: claim stored')
      try {
        // In the reader's language: the redeem page's (its cookie, else the browser's languages).
        const language = requestLanguage(request.headers.cookie, request.headers['accept-language'])
        await mailer.send(redeemMessage({ to: body.email, link: `${app.config.publicUrl}/`, verified, language }))
      } catch (err) {
        // The claim is stored; a mail outage must not make the reader submit it again.
        request.log.error({ err, claimId: id }, 'redeem: the beta link e-mail failed')
      }
      return { verified }
    },
  )
}
