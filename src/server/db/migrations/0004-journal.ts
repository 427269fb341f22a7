import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/** Test entries, each of one blend version; deleting the blend deletes them (cascade). */
export function journal({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('journal_entries')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('blend_projects.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('blend_versions.id').onDelete('cascade'))
        .addColumn('reference_number', 'text', (c) => c.notNull())
        .addColumn('date_made', 'text', (c) => c.notNull())
        .addColumn('date_tested', 'text')
        .addColumn('notes', 'text')
        .addColumn('rating', 'integer')
        .addColumn('tested', 'integer', (c) => c.notNull())
        .addColumn('maturation_period', 'integer', (c) => c.notNull())
        .addColumn('maturation_complete', 'integer', (c) => c.notNull())
        .addColumn('cross_contamination_prevented', 'integer', (c) => c.notNull())
        .addColumn('weighed_in_grams', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('journal_entries_user_project_idx').on('journal_entries').columns(['user_id', 'project_id']).execute()
      await db.schema.createIndex('journal_entries_version_idx').on('journal_entries').column('version_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('journal_entries').execute()
    },
  }
}
