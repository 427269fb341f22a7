import { z } from 'zod'
import { BottleDocumentSchema, DOCUMENT_KINDS, MAX_DOCUMENT_BYTES } from '#shared/api/documents.ts'
import { MAX_DOCUMENT_NAME } from '#shared/domain/document-types.ts'

/**
 * The shelf's document endpoints (decision 080): the upload's query (the file itself is the raw
 * body, `application/octet-stream`), a bottle's list, and the download's answer.
 */

export const UploadDocumentQuerySchema = z
  .object({
    kind: z.enum(DOCUMENT_KINDS).describe('What the document is'),
    name: z
      .string()
      .trim()
      .min(1, 'Give the file’s name')
      .max(MAX_DOCUMENT_NAME * 4, `A file name has at most ${MAX_DOCUMENT_NAME} characters`)
      .describe(`The file’s name as the maker knows it; kept without path or control characters, at most ${MAX_DOCUMENT_NAME} characters`),
  })
  .strict()

/** The raw body of an upload, as the contract states it. */
export const DocumentBytesSchema = z.any().meta({
  type: 'string',
  format: 'binary',
  description: `The file’s bytes, at most ${MAX_DOCUMENT_BYTES} (Content-Type: application/octet-stream). Its type is read from its first bytes: PDF, PNG, JPEG or WebP.`,
})

export const BottleDocumentListSchema = z.object({ documents: z.array(BottleDocumentSchema) })
export type BottleDocumentList = z.infer<typeof BottleDocumentListSchema>

/** A download's answer: the file's bytes as an attachment, of the type its content was recognised as. */
export const DocumentFileSchema = z.string().meta({ format: 'binary', description: 'The document’s bytes, sent as an attachment' })
