import type { Insertable, Selectable } from 'kysely'
import type { BottleDocument, DocumentKind, DocumentMediaType } from '#shared/api/documents.ts'
import type { BottleDocumentsTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * Bottles' documents (issue 36; docs/product.md "A lot's documents"): data access only, every query
 * scoped by the signed-in user. A list never selects a file's content; what a write may store is
 * the documents commands' to decide.
 */

/** Every column but the content. */
const LISTED = ['id', 'bottle_id', 'kind', 'file_name', 'media_type', 'byte_size', 'created_at'] as const

export function toBottleDocument(row: Omit<Selectable<BottleDocumentsTable>, 'user_id' | 'content'>): BottleDocument {
  return {
    id: row.id,
    bottleId: row.bottle_id,
    kind: row.kind as DocumentKind,
    fileName: row.file_name,
    mediaType: row.media_type as DocumentMediaType,
    byteSize: row.byte_size,
    createdAt: row.created_at,
  }
}

/** The documents of the user's bottles named, oldest first, by bottle id (a bottle with none is absent). */
export async function documentsOfBottles(
  ex: Executor,
  userId: string,
  bottleIds: readonly number[],
): Promise<Map<number, BottleDocument[]>> {
  const byBottle = new Map<number, BottleDocument[]>()
  if (bottleIds.length === 0) return byBottle
  const rows = await ex
    .selectFrom('bottle_documents')
    .select(LISTED)
    .where('user_id', '=', userId)
    .where('bottle_id', 'in', [...new Set(bottleIds)])
    .orderBy('bottle_id')
    .orderBy('id')
    .execute()
  for (const row of rows) {
    const list = byBottle.get(row.bottle_id) ?? []
    list.push(toBottleDocument(row))
    byBottle.set(row.bottle_id, list)
  }
  return byBottle
}

/** Whether the user keeps any document (the export is then an archive; decision 084). */
export async function hasDocuments(ex: Executor, userId: string): Promise<boolean> {
  return (await ex.selectFrom('bottle_documents').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined
}

/**
 * The user's documents after `afterId`, by id, a page at a time, never their content: the export
 * reads each file on its own (documentFile) as it writes it.
 */
export async function documentPage(ex: Executor, userId: string, afterId: number, limit: number): Promise<BottleDocument[]> {
  const rows = await ex
    .selectFrom('bottle_documents')
    .select(LISTED)
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map(toBottleDocument)
}

/** The documents of one of the user's bottles, oldest first: never their content. */
export async function documentsOfBottle(ex: Executor, userId: string, bottleId: number): Promise<BottleDocument[]> {
  const rows = await ex
    .selectFrom('bottle_documents')
    .select(LISTED)
    .where('user_id', '=', userId)
    .where('bottle_id', '=', bottleId)
    .orderBy('id')
    .execute()
  return rows.map(toBottleDocument)
}

/** One of the user's documents without its content; undefined when it is not there or not theirs. */
export async function documentRow(ex: Executor, userId: string, id: number) {
  return ex.selectFrom('bottle_documents').select(LISTED).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
}

/** One of the user's documents with its content: that row alone. */
export async function documentFile(ex: Executor, userId: string, id: number) {
  return ex
    .selectFrom('bottle_documents')
    .select([...LISTED, 'content'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** How many bytes of documents the user keeps, and how many documents the bottle has (sizes only, no content read). */
export async function documentTotals(ex: Executor, userId: string, bottleId: number): Promise<{ accountBytes: number; onBottle: number }> {
  const row = await ex
    .selectFrom('bottle_documents')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('byte_size'), eb.lit(0)).as('bytes'),
      eb.fn.sum<number>(eb.case().when('bottle_id', '=', bottleId).then(1).else(0).end()).as('on_bottle'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { accountBytes: Number(row.bytes ?? 0), onBottle: Number(row.on_bottle ?? 0) }
}

/** Stores a document: its listed columns back. */
export async function insertDocument(ex: Executor, row: Insertable<BottleDocumentsTable>) {
  return ex.insertInto('bottle_documents').values(row).returning(LISTED).executeTakeFirstOrThrow()
}

/** Deletes one of the user's documents: whether there was one. */
export async function deleteDocumentRow(ex: Executor, userId: string, id: number): Promise<boolean> {
  const result = await ex.deleteFrom('bottle_documents').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
