import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'
import { legacyCalendarDate, readyOn, startOfDayIn } from '#shared/domain/calendar-date.ts'
import { versionReadyAt } from '#shared/domain/ready-to-test.ts'

/**
 * "Ready to test" and its reminders (docs/decisions/038-ready-to-test-reminders.md):
 * - `reminders`: one row per thing that becomes ready to test (a version when it is saved, a batch
 *   when it is recorded), written in the same transaction. Home's Ready list reads it (rows due and
 *   with no test since), and the scheduler claims the due rows it has not sent.
 * - `push_subscriptions`: the browsers a user allowed to show notifications.
 * - three columns of `user_settings`: which channels remind, and the maker's time zone.
 * Versions and batches made before this migration get rows already marked sent: they appear in the
 * Ready list, but no reminder about the past is sent on the first start.
 */
export function reminders({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminders')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('blend_projects.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('blend_versions.id').onDelete('cascade'))
        .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('cascade'))
        .addColumn('made_on', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      // Home's Ready list: the user's rows by due time.
      await db.schema.createIndex('reminders_user_due_idx').on('reminders').columns(['user_id', 'due_at']).execute()
      // The scheduler's poll: only rows not sent yet, by due time (partial on both engines).
      await db.schema
        .createIndex('reminders_unsent_due_idx')
        .on('reminders')
        .column('due_at')
        .where(sql.ref('sent_at'), 'is', null)
        .execute()
      await db.schema.createIndex('reminders_project_idx').on('reminders').columns(['project_id']).execute()
      await db.schema.createIndex('reminders_batch_idx').on('reminders').columns(['batch_id']).execute()

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute()

      await db.schema
        .alterTable('user_settings')
        .addColumn('remind_by_email', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .alterTable('user_settings')
        .addColumn('remind_by_push', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('user_settings').addColumn('time_zone', 'text').execute()

      await backfill(db)
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_settings').dropColumn('time_zone').execute()
      await db.schema.alterTable('user_settings').dropColumn('remind_by_push').execute()
      await db.schema.alterTable('user_settings').dropColumn('remind_by_email').execute()
      await db.schema.dropTable('push_subscriptions').execute()
      await db.schema.dropTable('reminders').execute()
    },
  }
}

const PAGE = 1000

/** Rows for the versions and batches already stored, read a page at a time, marked sent. */
async function backfill(db: Kysely<unknown>) {
  const now = new Date().toISOString()
  type V = { id: number; project_id: number; user_id: string; date_made: string; created_at: string; maturation_period: number }
  for (let after = 0; ;) {
    const { rows } =
      await sql<V>`select id, project_id, user_id, date_made, created_at, maturation_period from blend_versions where id > ${after} order by id limit ${PAGE}`.execute(
        db,
      )
    if (rows.length === 0) break
    const values = rows.map((v) => {
      const madeAt = Number.isFinite(Date.parse(v.date_made)) ? new Date(v.date_made) : new Date(v.created_at)
      return {
        user_id: v.user_id,
        project_id: v.project_id,
        version_id: v.id,
        batch_id: null,
        made_on: legacyCalendarDate(madeAt.toISOString()) ?? madeAt.toISOString().slice(0, 10),
        due_at: versionReadyAt(madeAt, Number(v.maturation_period)).toISOString(),
        claimed_at: now,
        sent_at: now,
        created_at: now,
      }
    })
    await db
      .insertInto('reminders' as never)
      .values(values as never)
      .execute()
    after = Number(rows.at(-1)!.id)
  }
  type B = { id: number; project_id: number; version_id: number; user_id: string; made_on: string; maturation_period: number }
  for (let after = 0; ;) {
    const { rows } =
      await sql<B>`select b.id, b.project_id, b.version_id, b.user_id, b.made_on, v.maturation_period from batches b join blend_versions v on v.id = b.version_id where b.id > ${after} order by b.id limit ${PAGE}`.execute(
        db,
      )
    if (rows.length === 0) break
    const values = rows.map((b) => ({
      user_id: b.user_id,
      project_id: b.project_id,
      version_id: b.version_id,
      batch_id: b.id,
      made_on: b.made_on,
      due_at: startOfDayIn(readyOn(b.made_on, Number(b.maturation_period)), 'UTC').toISOString(),
      claimed_at: now,
      sent_at: now,
      created_at: now,
    }))
    await db
      .insertInto('reminders' as never)
      .values(values as never)
      .execute()
    after = Number(rows.at(-1)!.id)
  }
}
