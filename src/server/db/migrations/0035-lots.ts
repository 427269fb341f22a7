import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Lots that age (issue 36; docs/product.md "Lots and expiry"): a bottle is one lot of an oil, and
 * now carries the day it was opened and its best-before day (YYYY-MM-DD, both optional). The
 * best-before day is stored as the maker leaves it: the shelf fills it from a shelf life by oil
 * (src/shared/domain/shelf-life.ts) and the maker can change it. Bottles added before this have
 * neither (null: not known, and said so).
 */
export function lots(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shelf_bottles').addColumn('opened_on', 'text').execute()
      await db.schema.alterTable('shelf_bottles').addColumn('best_before', 'text').execute()
      await db.schema.createIndex('shelf_bottles_user_best_before_idx').on('shelf_bottles').columns(['user_id', 'best_before']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('shelf_bottles_user_best_before_idx').execute()
      await db.schema.alterTable('shelf_bottles').dropColumn('best_before').execute()
      await db.schema.alterTable('shelf_bottles').dropColumn('opened_on').execute()
    },
  }
}
