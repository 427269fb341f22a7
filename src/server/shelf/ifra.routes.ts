import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import {
  IfraCertificateAnswerSchema,
  IfraCertificateSchema,
  IfraCheckRequestSchema,
  IfraCheckSchema,
  PutIfraCertificateSchema,
} from '#shared/api/ifra.ts'
import { valueOrThrow } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'
import { previewIfraCheck, putIfraCertificate, readIfraCertificate, removeIfraCertificate } from '#server/shelf/ifra.commands.ts'

/**
 * IFRA from the maker's certificates (docs/product.md "IFRA certificates"; decision 070): each
 * bottle's certificate, and the IFRA check of the calculator's batch. Every read and write is the
 * signed-in user's; another user's id answers 404.
 */
export const ifraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shelf/bottles/:id/ifra-certificate',
    {
      schema: {
        params: IdParamSchema,
        response: answers(200, IfraCertificateAnswerSchema),
        description: 'The bottle’s IFRA certificate as you entered it; null when it has none.',
      },
    },
    async (request) => {
      return { certificate: valueOrThrow(await readIfraCertificate(app.db.kysely, request.userId, request.params.id)) }
    },
  )

  app.put(
    '/shelf/bottles/:id/ifra-certificate',
    {
      schema: {
        params: IdParamSchema,
        body: PutIfraCertificateSchema,
        response: answers(200, IfraCertificateSchema),
        description:
          'Replaces the bottle’s IFRA certificate (one per bottle, i.e. per lot): the amendment, its date, and per IFRA category the maximum % in the finished product or "no-restriction". A category left out is unknown. Sending the same body again changes nothing else.',
      },
    },
    async (request) => {
      const outcome = await app.db.kysely
        .transaction()
        .execute((trx) => putIfraCertificate(trx, request.userId, request.params.id, request.body))
      return valueOrThrow(outcome, 'body')
    },
  )

  app.delete(
    '/shelf/bottles/:id/ifra-certificate',
    { schema: { params: IdParamSchema, response: answers(204), description: 'Removes the bottle’s IFRA certificate, if it has one.' } },
    async (request, reply) => {
      valueOrThrow(await app.db.kysely.transaction().execute((trx) => removeIfraCertificate(trx, request.userId, request.params.id)))
      return reply.status(204).send()
    },
  )

  app.post(
    '/ifra/check',
    {
      schema: {
        body: IfraCheckRequestSchema,
        response: answers(200, IfraCheckSchema, { 404: ['NOT_FOUND'] }),
        description:
          'The IFRA check of a batch as "Mark as made" would draw it from your shelf now: for the product type’s IFRA category, each oil’s limit from the certificates of the lots drawn (unknown without one), the maximum % of the blend in the product and the limiting oil. Writes nothing.',
      },
    },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      return valueOrThrow(await previewIfraCheck(app.db.kysely, request.userId, request.body, oils), 'body')
    },
  )
}
