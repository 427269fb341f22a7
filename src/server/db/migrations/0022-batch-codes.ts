import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Labels that can go on a jar (decision 050):
 * - `batches.code`: every batch's own code, unique in its account. Batches made before this get
 *   the default pattern's code, {YYMMDD}-{n}, numbered per day in the order they were recorded.
 * - three columns of `user_settings`: the maker's batch code pattern (null: the default) and the
 *   responsible person's name and address printed on each label (null until given).
 */
export function batchCodes(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('batches')
        .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      const rows = await sql<{
        id: number
        user_id: string
        made_on: string
      }>`select id, user_id, made_on from batches order by user_id, made_on, id`.execute(db)
      const counters = new Map<string, number>()
      for (const row of rows.rows) {
        const day = `${row.made_on.slice(2, 4)}${row.made_on.slice(5, 7)}${row.made_on.slice(8, 10)}`
        const key = `${row.user_id}\n${day}`
        const n = (counters.get(key) ?? 0) + 1
        counters.set(key, n)
        await sql`update batches set code = ${`${day}-${n}`} where id = ${row.id}`.execute(db)
      }
      await db.schema.createIndex('batches_user_code_idx').on('batches').columns(['user_id', 'code']).unique().execute()

      await db.schema.alterTable('user_settings').addColumn('batch_code_pattern', 'text').execute()
      await db.schema.alterTable('user_settings').addColumn('responsible_name', 'text').execute()
      await db.schema.alterTable('user_settings').addColumn('responsible_address', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_settings').dropColumn('responsible_address').execute()
      await db.schema.alterTable('user_settings').dropColumn('responsible_name').execute()
      await db.schema.alterTable('user_settings').dropColumn('batch_code_pattern').execute()
      await db.schema.dropIndex('batches_user_code_idx').execute()
      await db.schema.alterTable('batches').dropColumn('code').execute()
    },
  }
}
