import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * The reader discount (docs/product.md "Public pages and the redeem flow"): every real submission, and
 * the single-use codes printed in the book. A code is claimed by setting claimed_at once.
 */
export function redeem({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('redemption_claims')
        .addColumn('id', id.type, id.build)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('marketplace', 'text', (c) => c.notNull())
        .addColumn('purchase_month', 'text', (c) => c.notNull())
        .addColumn('verified_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('redemption_claims_created_idx').on('redemption_claims').column('created_at').execute()

      await db.schema
        .createTable('redemption_codes')
        .addColumn('id', id.type, id.build)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('claim_id', 'integer', (c) => c.references('redemption_claims.id').onDelete('set null'))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('redemption_codes').execute()
      await db.schema.dropTable('redemption_claims').execute()
    },
  }
}
