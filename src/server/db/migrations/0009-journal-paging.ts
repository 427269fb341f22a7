import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'
import { nameSortKey } from '#shared/domain/journal-list.ts'

/** Rows per backfill statement: well under either engine's limit on bound parameters. */
const BATCH = 500

/**
 * The journal pages in SQL (GET /api/blends): `blend_projects.name_sort` holds each name's "A-Z"
 * key (nameSortKey), filled here for existing rows; the indexes serve the name order and the test
 * entry pages. On PostgreSQL the key compares byte for byte (collation "C"), as SQLite compares
 * text, so both engines sort and page alike.
 */
export function journalPaging({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('blend_projects')
        .addColumn('name_sort', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.notNull().defaultTo(''))
        .execute()

      for (let after = 0; ;) {
        const { rows } = await sql<{ id: number; name: string }>`
          select id, name from blend_projects where id > ${after} order by id limit ${BATCH}`.execute(db)
        if (rows.length === 0) break
        const cases = sql.join(
          rows.map((r) => sql`when ${r.id} then ${nameSortKey(r.name)}`),
          sql` `,
        )
        const ids = sql.join(rows.map((r) => sql`${r.id}`))
        await sql`update blend_projects set name_sort = case id ${cases} end where id in (${ids})`.execute(db)
        after = Number(rows.at(-1)!.id)
      }

      // Name order within one user's blends; the reference order has (user_id, number) already.
      await db.schema
        .createIndex('blend_projects_user_name_sort_idx')
        .on('blend_projects')
        .columns(['user_id', 'name_sort', 'number'])
        .execute()
      // A blend's test entries in id order (detail pages), and the user's entries in id order.
      await db.schema
        .createIndex('journal_entries_user_project_id_idx')
        .on('journal_entries')
        .columns(['user_id', 'project_id', 'id'])
        .execute()
      await db.schema.createIndex('journal_entries_user_id_idx').on('journal_entries').columns(['user_id', 'id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('journal_entries_user_id_idx').execute()
      await db.schema.dropIndex('journal_entries_user_project_id_idx').execute()
      await db.schema.dropIndex('blend_projects_user_name_sort_idx').execute()
      await db.schema.alterTable('blend_projects').dropColumn('name_sort').execute()
    },
  }
}
