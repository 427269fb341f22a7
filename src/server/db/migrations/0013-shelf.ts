import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * The oil shelf (docs/product.md "The oil shelf"; decisions 025 and 026): the user's settings (their
 * one currency), the bottles they own, the batches they made and what each batch drew from each
 * bottle. Amounts left are whole thousandths of the bottle's own unit (microlitres or milligrams),
 * so a batch's draw is subtracted and put back exactly. New tables only: rows written before this
 * migration need no value.
 */
export function shelf({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('currency', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('shelf_bottles')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('oil_id', 'integer', (c) => c.notNull().references('essential_oils.id'))
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('size', 'double precision', (c) => c.notNull())
        .addColumn('remaining_milli', 'bigint', (c) => c.notNull())
        .addColumn('price', 'double precision')
        .addColumn('supplier', 'text')
        .addColumn('lot_code', 'text')
        .addColumn('purchased_on', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('shelf_bottles_user_oil_idx').on('shelf_bottles').columns(['user_id', 'oil_id', 'id']).execute()

      await db.schema
        .createTable('batches')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('blend_projects.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('blend_versions.id').onDelete('cascade'))
        .addColumn('made_on', 'text', (c) => c.notNull())
        .addColumn('product_type', 'text', (c) => c.notNull())
        .addColumn('weight', 'double precision', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('oil_percentage', 'double precision', (c) => c.notNull())
        .addColumn('units', 'integer')
        .addColumn('oils', 'text', (c) => c.notNull())
        .addColumn('total_cost', 'double precision')
        .addColumn('cost_is_partial', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('batches_user_project_idx').on('batches').columns(['user_id', 'project_id', 'id']).execute()

      await db.schema
        .createTable('batch_draws')
        .addColumn('id', id.type, id.build)
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        // A deleted bottle leaves its draws with no bottle: undo has nothing to put back there (decision 026).
        .addColumn('bottle_id', 'integer', (c) => c.references('shelf_bottles.id').onDelete('set null'))
        .addColumn('oil_id', 'integer', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('amount_milli', 'bigint', (c) => c.notNull())
        .addColumn('ml', 'double precision', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('batch_draws_batch_idx').on('batch_draws').columns(['batch_id']).execute()
      await db.schema.createIndex('batch_draws_bottle_idx').on('batch_draws').columns(['bottle_id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('batch_draws').execute()
      await db.schema.dropTable('batches').execute()
      await db.schema.dropTable('shelf_bottles').execute()
      await db.schema.dropTable('user_settings').execute()
    },
  }
}
