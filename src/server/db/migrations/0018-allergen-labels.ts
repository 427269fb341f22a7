import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Allergen labels (docs/product.md "Allergen labels"; decision 044):
 * - two columns of the catalog: each oil's EU INCI name and the natural-extract entry of the EU
 *   allergen list that names it. Existing rows get '' and null; the catalog seed, which runs after
 *   the migrations on every start, fills them by slug.
 * - `bottle_declarations`: a bottle's supplier declaration (one per bottle, i.e. per lot), gone
 *   with its bottle or its user.
 * - `batch_labels`: the label saved with a batch, gone with its batch or its user.
 */
export function allergenLabels(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('essential_oils')
        .addColumn('inci_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.alterTable('essential_oils').addColumn('annex_entry_id', 'text').execute()

      await db.schema
        .createTable('bottle_declarations')
        .addColumn('bottle_id', 'integer', (c) => c.primaryKey().references('shelf_bottles.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('basis', 'text', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('bottle_declarations_user_idx').on('bottle_declarations').columns(['user_id', 'bottle_id']).execute()

      await db.schema
        .createTable('batch_labels')
        .addColumn('batch_id', 'integer', (c) => c.primaryKey().references('batches.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('complete', 'integer', (c) => c.notNull())
        .addColumn('declared', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('batch_labels_user_idx').on('batch_labels').columns(['user_id', 'batch_id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('batch_labels').execute()
      await db.schema.dropTable('bottle_declarations').execute()
      await db.schema.alterTable('essential_oils').dropColumn('annex_entry_id').execute()
      await db.schema.alterTable('essential_oils').dropColumn('inci_name').execute()
    },
  }
}
