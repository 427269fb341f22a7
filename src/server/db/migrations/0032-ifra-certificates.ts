import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * IFRA from the maker's certificates (docs/product.md "IFRA certificates"; decision 070):
 * - `bottle_ifra_certificates`: a bottle's IFRA Certificate of Conformity as the maker entered it
 *   (one per bottle, i.e. per lot): the amendment it follows, its date, and per IFRA category the
 *   maximum % of the oil in a finished product or "no restriction" (JSON). Gone with its bottle or
 *   its user.
 * - `batches.ifra_check`: the IFRA check recorded when the batch was made (JSON; null for batches
 *   made before, which were never checked).
 */
export function ifraCertificates(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bottle_ifra_certificates')
        .addColumn('bottle_id', 'integer', (c) => c.primaryKey().references('shelf_bottles.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('amendment', 'text', (c) => c.notNull())
        .addColumn('issued_on', 'text')
        .addColumn('limits', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('bottle_ifra_certificates_user_idx')
        .on('bottle_ifra_certificates')
        .columns(['user_id', 'bottle_id'])
        .execute()
      await db.schema.alterTable('batches').addColumn('ifra_check', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('batches').dropColumn('ifra_check').execute()
      await db.schema.dropTable('bottle_ifra_certificates').execute()
    },
  }
}
