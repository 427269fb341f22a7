import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * A maker's own ingredients (docs/product.md "Your own ingredients", decision 068) live in
 * `essential_oils`, in the catalog's id space, so every composition, bottle, batch draw and label
 * that names an oil by id keeps working unchanged:
 * - `user_id`: the owner, null for a catalog oil; an owned row goes with its user.
 * - `own_name`: the maker's name for it. The catalog's `name` column is unique across all rows (a
 *   SQLite constraint that cannot be dropped inside a transaction), so an owned row keeps its unique
 *   slug there and its name here, unique per user.
 * - `kind`: essential oil, CO2 extract, absolute, fragrance oil or other (null for the catalog).
 * - `based_on_oil_id`: the catalog oil it started from, if any.
 * The seed refreshes catalog rows by slug and never names an owned row's slug.
 */
export function ownIngredients(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('essential_oils')
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .execute()
      await db.schema.alterTable('essential_oils').addColumn('own_name', 'text').execute()
      await db.schema.alterTable('essential_oils').addColumn('kind', 'text').execute()
      await db.schema.alterTable('essential_oils').addColumn('based_on_oil_id', 'integer').execute()
      await db.schema.createIndex('essential_oils_user_name_uq').on('essential_oils').columns(['user_id', 'own_name']).unique().execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('essential_oils_user_name_uq').execute()
      await db.schema.alterTable('essential_oils').dropColumn('based_on_oil_id').execute()
      await db.schema.alterTable('essential_oils').dropColumn('kind').execute()
      await db.schema.alterTable('essential_oils').dropColumn('own_name').execute()
      await db.schema.alterTable('essential_oils').dropColumn('user_id').execute()
    },
  }
}
