import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * A bottle's declaration may state that the oil holds no Annex III allergen (docs/product.md "The
 * allergen screens", decision 049): `declares_none` is 1 for such a declaration, whose item list is
 * then empty, and 0 for every declaration saved before (each lists at least one allergen).
 */
export function declaresNone(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('bottle_declarations')
        .addColumn('declares_none', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('bottle_declarations').dropColumn('declares_none').execute()
    },
  }
}
