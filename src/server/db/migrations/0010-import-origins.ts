import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Where imported records came from (src/server/your-data/importer.ts): one row per user, kind
 * ('blend', 'version', 'test-entry') and id in the imported file, naming the row the import made.
 * Importing the same file again finds them and creates nothing twice (decision 020). Deleted with
 * the user; a row whose target was deleted since is ignored and replaced by the next import.
 */
export function importOrigins({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('import_origins')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('import_origins_user_kind_source_uq', ['user_id', 'kind', 'source_id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('import_origins').execute()
    },
  }
}
