import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * What 'Undo' after revoking a share link brings back (decision 041): the link's row as it was, as
 * JSON, kept for a short window. The link itself is deleted at once, so it stops working at once
 * and no list or count sees it.
 */
export function revokedShares({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('revoked_share_links')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('revoked_share_links_revoked_at_idx').on('revoked_share_links').column('revoked_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('revoked_share_links').execute()
    },
  }
}
