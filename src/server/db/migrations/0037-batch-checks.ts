import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * The maker's checks at the time of making join the batch (issue 36; docs/product.md "Batch
 * records"): the spec's "cross-contamination prevented" and "weighed in grams" flags, as the maker
 * confirmed them when marking the batch as made (0/1). Null for batches recorded before this, which
 * were never asked: a batch record says "not recorded", never a guess.
 */
export function batchChecks(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('batches').addColumn('cross_contamination_prevented', 'integer').execute()
      await db.schema.alterTable('batches').addColumn('weighed_in_grams', 'integer').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('batches').dropColumn('weighed_in_grams').execute()
      await db.schema.alterTable('batches').dropColumn('cross_contamination_prevented').execute()
    },
  }
}
