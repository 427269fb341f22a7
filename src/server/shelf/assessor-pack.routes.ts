import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AssessorPackRequestSchema, AssessorPackSchema, MAX_PACK_BATCHES, MAX_PACK_VARIANTS } from '#shared/api/assessor-pack.ts'
import { assessorPack } from '#server/shelf/assessor-pack.commands.ts'
import { valueOrThrow } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'

/**
 * The safety assessor pack (docs/product.md "The safety assessor pack"; decision 083): read-only,
 * the signed-in user's versions only (another user's answers 404). The client draws the PDF.
 */
export const assessorPackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/assessor-pack',
    {
      schema: {
        body: AssessorPackRequestSchema,
        response: answers(200, AssessorPackSchema, { 404: ['NOT_FOUND'], 422: ['NOT_A_COSMETIC'] }),
        description: `For a cosmetic product (a product type at an oil percentage, for an audience) and up to ${MAX_PACK_VARIANTS} of your blend versions (its scent variants): per variant the flattened composition by INCI with each oil's share of the product, the allergens with their concentration, labelling verdict and source, the IFRA check from your certificates, the skin checks, and its batches at that product type: the ${MAX_PACK_BATCHES} newest, each with the lots it drew, the lots' documents (without content), its saved label and its full batch record (record, as GET /api/batches/{id} answers it), with batchCount saying how many there are in all. Input for a safety assessor, not a safety report. Writes nothing.`,
      },
    },
    async (request) => {
      const oils = await app.catalog.forUser(request.userId)
      return valueOrThrow(await assessorPack(app.db.kysely, request.userId, request.body, oils), 'body')
    },
  )
}
