import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ComplianceAnswerSchema, ComplianceParamsSchema, ComplianceRequestSchema, CompliantVersionSchema } from '#shared/api/compliance.ts'
import { complianceProposal, saveCompliantVersion } from '#server/compliance/compliance.commands.ts'
import { valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'

/**
 * "Make it compliant" (docs/product.md "Make it compliant", decision 071). The proposal is
 * read-only; saving computes it again on the server and saves it through the blends' command, so
 * what is saved is always a proposal the limits of that moment allow, never what a client sent.
 */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const createOnce = createIdempotency(app.db, app.log)

  app.post(
    '/blends/:id/versions/:versionId/compliance',
    { schema: { params: ComplianceParamsSchema, body: ComplianceRequestSchema, response: answers(200, ComplianceAnswerSchema) } },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      const target = { projectId: request.params.id, versionId: request.params.versionId }
      return valueOrThrow(await complianceProposal(app.db.kysely, request.userId, target, request.body, oils))
    },
  )

  app.post(
    '/blends/:id/versions/:versionId/compliance/save',
    {
      schema: {
        params: ComplianceParamsSchema,
        body: ComplianceRequestSchema,
        response: answers(201, CompliantVersionSchema, IDEMPOTENT, { 409: ['NO_PROPOSAL'] }),
      },
    },
    async (request, reply) => {
      const oils = await app.catalog.forUser(request.userId)
      const target = { projectId: request.params.id, versionId: request.params.versionId }
      return createOnce(request, reply, async (trx) =>
        valueOrThrow(await saveCompliantVersion(trx, request.userId, target, request.body, oils)),
      )
    },
  )
}
