import type { Selectable } from 'kysely'
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
