import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import {
  BottleDocumentListSchema,
  DocumentBytesSchema,
  DocumentFileSchema,
  UploadDocumentQuerySchema,
} from '#shared/api/bottle-documents.ts'
import { BottleDocumentSchema, MAX_DOCUMENT_BYTES, type DocumentMediaType } from '#shared/api/documents.ts'
import { IdParamSchema } from '#shared/api/ids.ts'
import { downloadName } from '#shared/domain/document-types.ts'
import { eraseDeletedPages } from '#server/db/db.ts'
import { AppError, valueOrThrow, zodValidatorCompiler } from '#server/http/errors.ts'
import { answers } from '#server/openapi/responses.ts'
import { deleteDocument, listDocuments, readDocument, uploadDocument } from '#server/shelf/documents.commands.ts'

/** Uploads a user may send a minute. */
export const DOCUMENT_UPLOADS_PER_MINUTE = 30

/**
 * `Content-Disposition: attachment` with a name no header or browser can misread: an ASCII name
 * of letters, digits, dots, dashes, underscores and spaces, and the real name encoded (RFC 6266).
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 150) || 'document'
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * A lot's documents (docs/product.md "A lot's documents"; decision 080): upload to a bottle (the
 * file as the raw body, its kind and name in the query), a bottle's list, download and delete.
 * Every read and write is the signed-in user's; another user's id answers 404. A download is
 * always an attachment that no browser runs or sniffs.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The raw file, in this scope only; read whole (up to the route's bodyLimit, refused beyond it as it arrives).
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  // The body is bytes, checked by the command; the query and path go through the route validator.
  const validatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) =>
    route.httpPart === 'body' ? (data) => ({ value: data }) : zodValidatorCompiler({ ...route, schema: route.schema as z.ZodType })

  app.post(
    '/shelf/bottles/:id/documents',
    {
      bodyLimit: MAX_DOCUMENT_BYTES,
      validatorCompiler,
      config: {
        rateLimit: {
          max: DOCUMENT_UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `documents|${request.userId || request.ip}`,
        },
      },
      schema: {
        params: IdParamSchema,
        querystring: UploadDocumentQuerySchema,
        consumes: ['application/octet-stream'],
        body: DocumentBytesSchema,
        response: answers(201, BottleDocumentSchema, { 404: ['NOT_FOUND'], 409: ['DOCUMENTS_FULL'], 415: ['NOT_A_DOCUMENT'] }),
        description: `Attaches a document to the bottle: the file as the body (application/octet-stream, at most ${MAX_DOCUMENT_BYTES} bytes), its kind and name in the query. Its type is recognised from its content (PDF, PNG, JPEG or WebP), never its name: anything else is 415 NOT_A_DOCUMENT. At most 20 documents a bottle and 100 MiB an account: 409 DOCUMENTS_FULL.`,
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file’s bytes as the body (Content-Type: application/octet-stream)')
      }
      const bytes = request.body
      const outcome = await app.db.kysely
        .transaction()
        .execute((trx) =>
          uploadDocument(trx, request.userId, request.params.id, { kind: request.query.kind, fileName: request.query.name, bytes }),
        )
      return reply.status(201).send(valueOrThrow(outcome, 'body'))
    },
  )

  app.get(
    '/shelf/bottles/:id/documents',
    {
      schema: {
        params: IdParamSchema,
        response: answers(200, BottleDocumentListSchema, { 404: ['NOT_FOUND'] }),
        description: 'The bottle’s documents, oldest first: their kind, name, type and size, never their content.',
      },
    },
    async (request) => ({ documents: valueOrThrow(await listDocuments(app.db.kysely, request.userId, request.params.id)) }),
  )

  app.get(
    '/documents/:id',
    {
      schema: {
        params: IdParamSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'application/json'],
        response: answers(200, DocumentFileSchema, { 404: ['NOT_FOUND'] }),
        description:
          'The document’s file, as an attachment of the type its content was recognised as, with headers that keep a browser from running or sniffing it.',
      },
    },
    async (request, reply) => {
      const file = valueOrThrow(await readDocument(app.db.kysely, request.userId, request.params.id))
      return reply
        .header('content-disposition', attachmentHeader(downloadName(file.fileName, file.mediaType)))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, no-store')
        .type(file.mediaType satisfies DocumentMediaType)
        .send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength))
    },
  )

  app.delete(
    '/documents/:id',
    {
      schema: {
        params: IdParamSchema,
        response: answers(204, undefined, { 404: ['NOT_FOUND'] }),
        description: 'Deletes the document; its bytes are not kept.',
      },
    },
    async (request, reply) => {
      valueOrThrow(await app.db.kysely.transaction().execute((trx) => deleteDocument(trx, request.userId, request.params.id)))
      // secure_delete zeroed the file's pages; this empties the write-ahead log of their old copies too.
      await eraseDeletedPages(app.db)
      return reply.status(204).send()
    },
  )
}
