import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Accords inside blends (docs/product.md "Accords inside blends"; decision 072):
 * `blend_accord_uses` holds one row per accord line of a version (the host version, the accord's
 * blend and version), written by the blends keeper with the version. It answers which blends use an
 * accord (the delete dialog) and whether an accord has a newer version, without reading every
 * version's layers. It is derived from the versions' JSON: gone with the host version (cascade) or
 * its user; a restore of a deleted blend writes its rows again from the restored versions.
 */
export function accordUses({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('blend_accord_uses')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('blend_versions.id').onDelete('cascade'))
        .addColumn('accord_project_id', 'integer', (c) => c.notNull())
        .addColumn('accord_version_id', 'integer', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('blend_accord_uses_version_idx').on('blend_accord_uses').column('version_id').execute()
      await db.schema
        .createIndex('blend_accord_uses_accord_idx')
        .on('blend_accord_uses')
        .columns(['user_id', 'accord_project_id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('blend_accord_uses').execute()
    },
  }
}
