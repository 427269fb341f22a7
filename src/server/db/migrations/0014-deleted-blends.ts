import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * What 'Undo' after deleting a blend brings back (docs/decisions/030-undo-delete.md): the rows a
 * delete removed (the blend, its versions, test entries and share links) as JSON, kept for a short
 * window. The blend itself is deleted at once, so no list, count, export or share link can see it.
 */
export function deletedBlends({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deleted_blends')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('deleted_blends_user_project_uq', ['user_id', 'project_id'])
        .execute()
      await db.schema.createIndex('deleted_blends_deleted_at_idx').on('deleted_blends').column('deleted_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deleted_blends').execute()
    },
  }
}
