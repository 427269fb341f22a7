import type { FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ExportFileSchema, ExportFileV1Schema, ImportCsvBodySchema, ImportQuerySchema, ImportResultSchema } from '#shared/api/export.ts'
import { IMPORT_MAX_BYTES } from '#shared/api/import-limits.ts'
import { decodeSpreadsheet, planFromCsv } from '#server/your-data/import-csv.ts'
import { planFromExport } from '#server/your-data/import-json.ts'
import type { ImportPlan } from '#server/your-data/import-plan.ts'
import { previewImport, runImport } from '#server/your-data/importer.ts'
import { fileIngredients, importIngredients, withPendingIngredients } from '#server/your-data/import-ingredients.ts'
import { AppError, zodValidatorCompiler } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { limitRunning } from '#server/http/heavy-work.ts'
import { answers, HEAVY, IDEMPOTENT, type Refusals } from '#server/openapi/responses.ts'

/** What the file must also keep beyond its schema, stated in the published contract (decision 041). */
const IMPORT_RULES =
  "An Accord export (docs/export-format.md). Beyond this schema: each version's percentages total 100%, ids and version letters are unique within the file, " +
  'and a test entry names a version of its own blend; any problem answers 400 VALIDATION_ERROR naming its place.'

/**
 * Imports running at once in the process, whoever sends them: an upload is held whole while it is
 * checked (up to IMPORT_MAX_BYTES, several times that once parsed), so this bounds the memory
 * imports take (docs/quality.md: two 19 MB previews at once went over 400 MB). Imports are rare;
 * the next one is told to retry in a few seconds.
 */
export const IMPORTS_AT_ONCE = 1

/**
 * POST /api/import (an Accord JSON export) and POST /api/import/csv (a spreadsheet of blends), each
 * with `?dryRun=true` for a preview that stores nothing. All or nothing: the upload is checked
 * whole before the one transaction that stores it (decision 020). Up to IMPORT_MAX_BYTES per upload
 * on these routes only; rate-limited per user; an Idempotency-Key makes a retry answer the same.
 * One import (or preview) runs at a time in the process, checked before the upload is read;
 * parsing and storing run in slices that let other requests in (decision 041).
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const createOnce = createIdempotency(app.db, app.log)

  // Spreadsheets arrive as CSV, in this scope only (other routes keep answering 415 to them), and
  // are decoded here: UTF-8, or Windows-1252 when they are not valid UTF-8 (import-csv.ts).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, decodeSpreadsheet(body as Buffer, String(request.headers['content-type'] ?? '')))
    } catch (err) {
      done(err as Error, undefined)
    }
  })

  // The upload's problems are named in its own terms (blends[2].versions[0].topOils[1].percentage,
  // rows[3].top), so the handler checks the body; the query still goes through the route validator.
  const validatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) =>
    route.httpPart === 'body' ? (data) => ({ value: data }) : zodValidatorCompiler({ ...route, schema: route.schema as z.ZodType })

  const options = {
    bodyLimit: IMPORT_MAX_BYTES,
    validatorCompiler,
    onRequest: limitRunning({ perUser: 1, perProcess: IMPORTS_AT_ONCE, what: 'import' }),
    config: {
      rateLimit: {
        max: app.config.importRateLimitPerUser,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `import|${request.userId || request.ip}`,
      },
    },
  }
  // 201 stored, 200 the dry run's preview; an oil the catalog lacks is refused whole.
  const response = (...refusals: Refusals[]) => ({
    ...answers(201, ImportResultSchema, IDEMPOTENT, HEAVY, { 422: ['UNKNOWN_OILS'] }, ...refusals),
    200: ImportResultSchema,
  })

  /** The dry run answers 200 with what would happen; the import stores it and answers 201. */
  async function answer(request: FastifyRequest, reply: FastifyReply, dryRun: boolean, plan: ImportPlan) {
    if (dryRun) return reply.status(200).send(await previewImport(app.db.kysely, request.userId, plan))
    return createOnce(request, reply, (trx) => runImport(trx, request.userId, plan))
  }

  app.post(
    '/import',
    {
      ...options,
      schema: {
        description:
          'Imports an Accord JSON export, version 2 or 1 (docs/export-format.md). 201 with what was created and skipped; with ?dryRun=true, 200 with what would be.',
        querystring: ImportQuerySchema,
        body: z.union([ExportFileSchema, ExportFileV1Schema]).meta({ description: IMPORT_RULES }),
        response: response({ 400: ['NOT_AN_ACCORD_EXPORT'], 422: ['UNSUPPORTED_EXPORT_VERSION', 'CURRENCY_MISMATCH'] }),
      },
    },
    async (request, reply) => {
      const ingredients = fileIngredients(request.body)
      const catalog = [...(await app.catalog.forUser(request.userId)).values()]
      // The file's own ingredients the maker lacks stand in for the check and the dry run (never stored).
      const plan = await planFromExport(request.body, withPendingIngredients(catalog, ingredients))
      if (request.query.dryRun || ingredients.length === 0) return answer(request, reply, request.query.dryRun, plan)
      // In the import's one transaction: the ingredients through their keeper first, then the plan
      // resolved against them, so the versions and bottles that name them use them (decision 068).
      return createOnce(request, reply, async (trx) => {
        const withOwn = await importIngredients(trx, request.userId, ingredients, (ex) => app.catalog.forUser(request.userId, ex))
        return runImport(trx, request.userId, await planFromExport(request.body, withOwn))
      })
    },
  )

  app.post(
    '/import/csv',
    {
      ...options,
      schema: {
        description:
          'Imports a spreadsheet of blends, one per row (docs/export-format.md "Spreadsheet import"). Send Content-Type: text/csv.',
        consumes: ['text/csv'],
        querystring: ImportQuerySchema,
        body: ImportCsvBodySchema,
        response: response(),
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the spreadsheet as CSV text (Content-Type: text/csv)')
      }
      return answer(request, reply, request.query.dryRun, {
        blends: await planFromCsv(request.body, [...(await app.catalog.forUser(request.userId)).values()]),
        bottles: [],
        currency: null,
      })
    },
  )
}
