import type { UserSettings } from '#shared/api/shelf.ts'
import { DEFAULT_TIME_ZONE } from '#shared/domain/ready-to-test.ts'
import type { Executor } from '#server/blends/counters.repo.ts'

/** The user's settings (migration 0013): a row is made the first time they choose something. */

export async function getSettings(ex: Executor, userId: string): Promise<UserSettings> {
  const row = await ex.selectFrom('user_settings').select('currency').where('user_id', '=', userId).executeTakeFirst()
  return { currency: row?.currency ?? null }
}

/** The settings an export carries (the currency and the reminders, decision 038), in one query. */
export async function getExportSettings(ex: Executor, userId: string) {
  const row = await ex
    .selectFrom('user_settings')
    .select(['currency', 'remind_by_email', 'remind_by_push', 'time_zone'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    currency: row?.currency ?? null,
    reminders: { email: row?.remind_by_email === 1, push: row?.remind_by_push === 1, timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE },
  }
}

/** Sets the user's currency. Prices are numbers in it: changing it converts nothing (decision 025). */
export async function setCurrency(ex: Executor, userId: string, currency: string): Promise<UserSettings> {
  const now = new Date().toISOString()
  await ex
    .insertInto('user_settings')
    .values({ user_id: userId, currency, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ currency, updated_at: now }))
    .execute()
  return { currency }
}
