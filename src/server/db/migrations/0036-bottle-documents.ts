import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * A bottle's documents (issue 36; docs/product.md "A lot's documents"): the supplier's safety data
 * sheet, certificate of analysis or GC-MS report, IFRA certificate or allergen declaration, as a
 * PDF or image file stored in the database itself (a blob on SQLite, bytea on PostgreSQL), so a
 * deployment needs nothing else and a backup carries them. `byte_size` is kept beside the content so
 * a list and the account's total never read a file. Gone with its bottle or its user.
 */
export function bottleDocuments({ id, dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bottle_documents')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('bottle_id', 'integer', (c) => c.notNull().references('shelf_bottles.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('bottle_documents_user_bottle_idx')
        .on('bottle_documents')
        .columns(['user_id', 'bottle_id', 'id'])
        .execute()
      await db.schema.createIndex('bottle_documents_bottle_idx').on('bottle_documents').column('bottle_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bottle_documents').execute()
    },
  }
}
