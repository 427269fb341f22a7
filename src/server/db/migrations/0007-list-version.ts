import { sql, type Kysely } from 'kysely'

/**
 * A per-project counter bumped by every write that changes how the project appears in a list (its
 * name, a new version, a version's notes, a new test entry). Each project's serialised list entry
 * is kept until its counter moves, so a write to one blend recomputes that blend alone.
 */
export function listVersion() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('blend_projects')
        .addColumn('list_version', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('blend_projects').dropColumn('list_version').execute()
    },
  }
}
