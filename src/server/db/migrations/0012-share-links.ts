import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Read-only links to one version of a blend (docs/product.md "Sharing"). The token is the link's
 * only name: random, 128 bits or more, never derived from an id. A link goes with its blend, its
 * version or its owner; revoking one deletes it. `blend_projects.copied_from_share` marks a blend
 * a reader copied into their own journal from someone's link.
 */
export function shareLinks({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('share_links')
        .addColumn('id', id.type, id.build)
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('blend_projects.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('blend_versions.id').onDelete('cascade'))
        .addColumn('include_notes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_name', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('share_links_user_project_idx').on('share_links').columns(['user_id', 'project_id', 'id']).execute()
      await db.schema
        .alterTable('blend_projects')
        .addColumn('copied_from_share', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('blend_projects').dropColumn('copied_from_share').execute()
      await db.schema.dropTable('share_links').execute()
    },
  }
}
