import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Accords weighed as one line (decision 074): a neat batch of a blend ("Neat blend (to use as an
 * accord)") keeps what is left of it, `batches.remaining_milli` (thousandths of a gram; null for every
 * other batch, and for batches made before this), and a batch that weighed an accord from such batches
 * records each draw in `batch_accord_draws`, so undo puts back exactly that. `batches.accords` is the
 * JSON record of how each accord of the version was weighed (null before this, and for blends without
 * accords). A deleted neat batch leaves the draws from it with no source: undo has nothing to put back
 * there, as with a deleted bottle (decision 026).
 */
export function accordBatches({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('batches').addColumn('remaining_milli', 'bigint').execute()
      await db.schema.alterTable('batches').addColumn('accords', 'text').execute()
      await db.schema
        .createTable('batch_accord_draws')
        .addColumn('id', id.type, id.build)
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('source_batch_id', 'integer', (c) => c.references('batches.id').onDelete('set null'))
        .addColumn('accord_version_id', 'integer', (c) => c.notNull())
        .addColumn('amount_milli', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('batch_accord_draws_batch_idx').on('batch_accord_draws').columns(['batch_id']).execute()
      await db.schema.createIndex('batch_accord_draws_source_idx').on('batch_accord_draws').columns(['source_batch_id']).execute()
      await db.schema.createIndex('batches_user_version_idx').on('batches').columns(['user_id', 'version_id', 'id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('batches_user_version_idx').execute()
      await db.schema.dropTable('batch_accord_draws').execute()
      await db.schema.alterTable('batches').dropColumn('accords').execute()
      await db.schema.alterTable('batches').dropColumn('remaining_milli').execute()
    },
  }
}
