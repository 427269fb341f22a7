import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Who a batch was made for (decision 069): `batches.audience`, an audience id of
 * src/shared/domain/audiences.ts. Batches made before it were checked as adults' products, so
 * they say 'adults'.
 */
export function batchAudience(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('batches')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('adults'))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('batches').dropColumn('audience').execute()
    },
  }
}
