import { sql, type Kysely } from 'kysely'

/**
 * A per-user counter bumped by every write to that user's blends, versions or test entries, so a
 * list response can be reused (and answered 304) until something actually changed.
 */
export function dataVersion() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('user_sequences')
        .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_sequences').dropColumn('data_version').execute()
    },
  }
}
