import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * The account's language (issue 37, decision 088; docs/product.md "Languages"): one of the
 * languages Accord speaks, as a two-letter code, or null until the maker chooses one (then the
 * browser's languages decide, else English).
 */
export function userLanguage(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user_settings').addColumn('language', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_settings').dropColumn('language').execute()
    },
  }
}
