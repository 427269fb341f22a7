import type { Kysely } from 'kysely'
import { legacyCalendarDate } from '#shared/domain/calendar-date.ts'

/**
 * A test entry's days as calendar dates (decision 036; docs/product.md "Time as the maker lived
 * it"). journal_entries.date_made and date_tested held ISO date-times (local midnight as UTC, or
 * the moment of saving); each becomes the `YYYY-MM-DD` the maker saw, read by legacyCalendarDate
 * (the tested one in the offset its row's made one implies). Values that are already dates stay.
 * A made value no reading can parse becomes its row's creation day in UTC; a tested one, none.
 * Versions keep their own dateMade (the version's creation moment).
 *
 * Also: journal_entries.batch_id, the recorded batch a test is of (null for every row before this
 * migration; deleting the batch sets it back to null).
 */

const CHUNK = 500

type Row = { id: number; date_made: string; date_tested: string | null; created_at: string }

export function testDates() {
  return {
    async up(db: Kysely<unknown>) {
      const k = db as unknown as Kysely<{ journal_entries: Row }>
      let after = 0
      for (;;) {
        const rows = await k
          .selectFrom('journal_entries')
          .select(['id', 'date_made', 'date_tested', 'created_at'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(CHUNK)
          .execute()
        if (rows.length === 0) break
        after = rows.at(-1)!.id
        for (const row of rows) {
          const made = legacyCalendarDate(row.date_made) ?? row.created_at.slice(0, 10)
          const tested = row.date_tested === null ? null : legacyCalendarDate(row.date_tested, row.date_made)
          if (made === row.date_made && tested === row.date_tested) continue
          await k.updateTable('journal_entries').set({ date_made: made, date_tested: tested }).where('id', '=', row.id).execute()
        }
      }

      await db.schema
        .alterTable('journal_entries')
        .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('set null'))
        .execute()
      await db.schema.createIndex('journal_entries_batch_idx').on('journal_entries').column('batch_id').execute()
    },
  }
}
