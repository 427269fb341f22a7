import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

export function catalog({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('essential_oils')
        .addColumn('id', id.type, id.build)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('latin_name', 'text', (c) => c.notNull())
        .addColumn('note_types', 'text', (c) => c.notNull())
        .addColumn('scent_family', 'text', (c) => c.notNull())
        .addColumn('effects', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('blends_with', 'text', (c) => c.notNull())
        .addColumn('density_g_per_ml', 'real', (c) => c.notNull())
        .addColumn('safety', 'text')
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('essential_oils').execute()
    },
  }
}
