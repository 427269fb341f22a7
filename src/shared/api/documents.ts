import { z } from 'zod'
import { DOCUMENT_KINDS } from '#shared/domain/document-kinds.ts'

/**
 * A lot's documents (issue 36; docs/product.md "A lot's documents"): files a supplier gives with a
 * bottle, kept with that bottle, private to its owner. The shared contract of the shelf's document
 * endpoints, the trace look-ups, the batch record and the safety assessor pack.
 */

// The kinds and their labels, and where a file is read, are zod-free (shared/domain/document-kinds.ts),
// so a page that only links to documents loads no schema library; re-exported here as before.
export { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, documentPath, type DocumentKind } from '#shared/domain/document-kinds.ts'

/** The types a document may be, recognised by its content (its first bytes), never by its name. */
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number]

/** At most this many bytes per file (5 MiB): a supplier's PDF or a phone photo of one. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
/** At most this many bytes of documents per account (100 MiB), so one account cannot fill the server's storage. */
export const MAX_ACCOUNT_DOCUMENT_BYTES = 100 * 1024 * 1024
/** At most this many documents per bottle. */
export const MAX_DOCUMENTS_PER_BOTTLE = 20

/** A document as a list shows it: never its content (GET /api/documents/{id} sends that). */
export const BottleDocumentSchema = z.object({
  id: z.number().int(),
  bottleId: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  mediaType: z.enum(DOCUMENT_MEDIA_TYPES),
  byteSize: z.number().int(),
  createdAt: z.string(),
})
export type BottleDocument = z.infer<typeof BottleDocumentSchema>
