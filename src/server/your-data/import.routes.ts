import type { FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ExportFileSchema, ExportFileV1Schema, ImportCsvBodySchema, ImportQuerySchema, ImportResultSchema } from '#shared/api/export.ts'
import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import { errorCodes } from 'fastify'
import { IMPORT_ARCHIVE_MAX_BYTES, IMPORT_MAX_BYTES } from '#shared/api/import-limits.ts'
import { isZipArchive, openArchive } from '#server/your-data/import-archive.ts'
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

/** The types an archive may be sent as; its content decides what it is. */
const ARCHIVE_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream']

/** An uploaded archive, still packed: its JSON and files are read when the handler checks it. */
class ArchiveUpload {
  constructor(readonly bytes: Buffer) {}
  /** What an Idempotency-Key's fingerprint hashes: the archive's digest, not its bytes as a list of numbers. */
  toJSON() {
    return { archiveSha256: createHash('sha256').update(this.bytes).digest('hex') }
  }
}

/**
 * Anything but an archive keeps IMPORT_MAX_BYTES on the route that takes archives up to
 * IMPORT_ARCHIVE_MAX_BYTES: counted as it arrives, refused (413) past it, never held whole.
 */
function jsonLimit(request: FastifyRequest, payload: NodeJS.ReadableStream & { receivedEncodedLength?: number }) {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (ARCHIVE_TYPES.includes(type)) return payload
  if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
  let seen = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      seen += chunk.length
      if (seen > IMPORT_MAX_BYTES) return next(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())
      next(null, chunk)
    },
  })
  payload.on('error', (err) => counted.destroy(err))
  return Object.assign(payload.pipe(counted), {
    get receivedEncodedLength() {
      return payload.receivedEncodedLength ?? seen
    },
  })
}

/**
 * POST /api/import (an Accord JSON export, or the archive one is with documents: decision 084) and POST /api/import/csv (a spreadsheet of blends), each
 * with `?dryRun=true` for a preview that stores nothing. All or nothing: the upload is checked
 * whole before the one transaction that stores it (decision 020). Up to IMPORT_MAX_BYTES per upload
 * on these routes only (IMPORT_ARCHIVE_MAX_BYTES for an archive); rate-limited per user; an Idempotency-Key makes a retry answer the same.
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

  // An archive (decision 084) arrives as bytes, recognised by its first bytes (the ZIP magic), never
  // its name or declared type; bytes that are not an archive are read as the JSON file they must then be.
  app.addContentTypeParser(ARCHIVE_TYPES, { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer
    if (isZipArchive(bytes)) return done(null, new ArchiveUpload(bytes))
    if (bytes.length > IMPORT_MAX_BYTES) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined)
    try {
      done(null, JSON.parse(bytes.toString('utf8')))
    } catch {
      done(new AppError(400, 'MALFORMED_JSON', 'The file is neither an Accord archive (.zip) nor valid JSON'), undefined)
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
      bodyLimit: IMPORT_ARCHIVE_MAX_BYTES,
      preParsing: async (request, _reply, payload) => jsonLimit(request, payload),
      schema: {
        description: `Imports an Accord export (docs/export-format.md): the JSON file (application/json, versions 1 to 7, at most ${IMPORT_MAX_BYTES} bytes), or the archive an export with documents is (application/zip, recognised by its content, at most ${IMPORT_ARCHIVE_MAX_BYTES} bytes: accord-export.json and each bottle's documents, checked before anything is inflated). 201 with what was created and skipped; with ?dryRun=true, 200 with what would be.`,
        consumes: ['application/json', 'application/zip'],
        querystring: ImportQuerySchema,
        body: z.union([ExportFileSchema, ExportFileV1Schema]).meta({ description: IMPORT_RULES }),
        response: response({ 400: ['NOT_AN_ACCORD_EXPORT'], 422: ['UNSUPPORTED_EXPORT_VERSION', 'CURRENCY_MISMATCH'] }),
      },
    },
    async (request, reply) => {
      const upload = request.body as unknown
      const archive = upload instanceof ArchiveUpload ? openArchive(upload.bytes) : undefined
      const body = (archive ? archive.json : upload) as typeof request.body
      const ingredients = fileIngredients(body)
      const catalog = [...(await app.catalog.forUser(request.userId)).values()]
      // The file's own ingredients the maker lacks stand in for the check and the dry run (never stored).
      const plan = await planFromExport(body, withPendingIngredients(catalog, ingredients), archive)
      if (request.query.dryRun || ingredients.length === 0) return answer(request, reply, request.query.dryRun, plan)
      // In the import's one transaction: the ingredients through their keeper first, then the plan
      // resolved against them, so the versions and bottles that name them use them (decision 068).
      return createOnce(request, reply, async (trx) => {
        const withOwn = await importIngredients(trx, request.userId, ingredients, (ex) => app.catalog.forUser(request.userId, ex))
        return runImport(trx, request.userId, await planFromExport(body, withOwn, archive))
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
