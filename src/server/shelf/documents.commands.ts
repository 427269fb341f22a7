import {
  DOCUMENT_KINDS,
  MAX_ACCOUNT_DOCUMENT_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_BOTTLE,
  type BottleDocument,
  type DocumentKind,
  type DocumentMediaType,
} from '#shared/api/documents.ts'
import { cleanDocumentName, documentTypeOf, formatBytes } from '#shared/domain/document-types.ts'
import type { Executor } from '#server/db/executor.ts'
import { serialiseOn } from '#server/db/locks.ts'
import { done, refuse, refuseAt, type Outcome } from '#server/shared/outcome.ts'
import {
  deleteDocumentRow,
  documentFile,
  documentPage,
  hasDocuments,
  documentsOfBottle,
  documentTotals,
  insertDocument,
  toBottleDocument,
} from '#server/shelf/documents.repo.ts'
import { ownBottle } from '#server/shelf/labels.repo.ts'

/**
 * A lot's documents (docs/product.md "A lot's documents"; decision 080): the only code that writes
 * `bottle_documents`, whoever asks (the upload route, the importer). A file's type is read from its
 * bytes; the limits per file, per bottle and per account are checked here, the account's inside
 * the write's transaction, serialised per user, so two uploads at once cannot both pass it.
 */

export type DocumentUpload = { kind: DocumentKind; fileName: string; bytes: Uint8Array }

const bottleNotFound = () => refuse('NOT_FOUND', 'Bottle not found')
const documentNotFound = () => refuse('NOT_FOUND', 'Document not found')

/** The refusal of a file's bytes on their own (size, type), or its type. Places are relative to the file. */
export function documentContentRefusal(bytes: Uint8Array, place = 'file'): Outcome<DocumentMediaType> {
  if (bytes.length === 0) return refuseAt('VALIDATION_ERROR', place, 'The file is empty')
  if (bytes.length > MAX_DOCUMENT_BYTES)
    return refuseAt(
      'VALIDATION_ERROR',
      place,
      `The file is ${formatBytes(bytes.length)}: a document may be at most ${formatBytes(MAX_DOCUMENT_BYTES)}`,
    )
  const type = documentTypeOf(bytes)
  if (!type) {
    return refuse('NOT_A_DOCUMENT', 'This file is not a PDF, PNG, JPEG or WebP file (its content was checked, not its name)', [
      { path: place, message: 'Not a PDF, PNG, JPEG or WebP file' },
    ])
  }
  return done(type)
}

/** Stores a document with the user's bottle. Run it in a transaction. */
export async function uploadDocument(
  ex: Executor,
  userId: string,
  bottleId: number,
  upload: DocumentUpload,
): Promise<Outcome<BottleDocument>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  if (!DOCUMENT_KINDS.includes(upload.kind)) return refuseAt('VALIDATION_ERROR', 'kind', `The kind is one of ${DOCUMENT_KINDS.join(', ')}`)
  const type = documentContentRefusal(upload.bytes)
  if (!type.ok) return type
  // One upload of this user at a time from here to the commit: the totals read are the ones the write adds to.
  await serialiseOn(ex, 'bottle-documents', userId)
  const { accountBytes, onBottle } = await documentTotals(ex, userId, bottleId)
  if (onBottle >= MAX_DOCUMENTS_PER_BOTTLE)
    return refuse('DOCUMENTS_FULL', `This bottle has ${MAX_DOCUMENTS_PER_BOTTLE} documents, as many as a bottle may have: delete one first`)
  if (accountBytes + upload.bytes.length > MAX_ACCOUNT_DOCUMENT_BYTES) {
    return refuse(
      'DOCUMENTS_FULL',
      `Your documents would take ${formatBytes(accountBytes + upload.bytes.length)}, over the ${formatBytes(MAX_ACCOUNT_DOCUMENT_BYTES)} an account may keep: delete some first`,
    )
  }
  const row = await insertDocument(ex, {
    user_id: userId,
    bottle_id: bottleId,
    kind: upload.kind,
    file_name: cleanDocumentName(upload.fileName),
    media_type: type.value,
    byte_size: upload.bytes.length,
    content: upload.bytes,
    created_at: new Date().toISOString(),
  })
  return done(toBottleDocument(row))
}

/** The documents of the user's bottle, without their content. */
export async function listDocuments(ex: Executor, userId: string, bottleId: number): Promise<Outcome<BottleDocument[]>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  return done(await documentsOfBottle(ex, userId, bottleId))
}

/** One of the user's documents with its bytes: that row alone is read. */
export async function readDocument(ex: Executor, userId: string, id: number): Promise<Outcome<BottleDocument & { content: Uint8Array }>> {
  const row = await documentFile(ex, userId, id)
  if (!row) return documentNotFound()
  return done({ ...toBottleDocument(row), content: row.content })
}

/** Deletes one of the user's documents (its bytes overwritten on SQLite: secure_delete, decision 080). */
export async function deleteDocument(ex: Executor, userId: string, id: number): Promise<Outcome<void>> {
  return (await deleteDocumentRow(ex, userId, id)) ? done(undefined) : documentNotFound()
}

/** Whether the user keeps any document (the export is then an archive; decision 084). */
export const keepsDocuments = (ex: Executor, userId: string): Promise<boolean> => hasDocuments(ex, userId)

/** How many bytes of documents the user keeps (sizes only, no content read). */
export async function accountDocumentBytes(ex: Executor, userId: string): Promise<number> {
  return (await documentTotals(ex, userId, 0)).accountBytes
}

/** Documents listed per query by eachDocument (their names and sizes, never their content). */
const DOCUMENT_PAGE = 200

/**
 * The user's documents by id, each with its content, one at a time (the export archive; decision
 * 084): listed a page at a time without content, each file then read alone, by id and user.
 * `getEx` is asked at each read, so a test can count the queries.
 */
export async function* eachDocument(getEx: () => Executor, userId: string): AsyncGenerator<BottleDocument & { content: Uint8Array }> {
  for (let after = 0; ;) {
    const page = await documentPage(getEx(), userId, after, DOCUMENT_PAGE)
    for (const listed of page) {
      const file = await documentFile(getEx(), userId, listed.id)
      if (file) yield { ...toBottleDocument(file), content: file.content } // else deleted since it was listed
    }
    if (page.length < DOCUMENT_PAGE) return
    after = page.at(-1)!.id
  }
}
