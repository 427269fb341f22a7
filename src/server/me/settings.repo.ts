import type { UserSettings } from '#shared/api/shelf.ts'
import type { Executor } from '#server/blends/counters.repo.ts'

/** The user's settings (migration 0013): a row is made the first time they choose something. */

export async function getSettings(ex: Executor, userId: string): Promise<UserSettings> {
  const row = await ex.selectFrom('user_settings').select('currency').where('user_id', '=', userId).executeTakeFirst()
  return { currency: row?.currency ?? null }
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

/** ISO 4217 codes this runtime knows (Intl.supportedValuesOf), read once. */
let known: Set<string> | undefined
export function isKnownCurrency(code: string): boolean {
  known ??= new Set(Intl.supportedValuesOf('currency'))
  return known.has(code)
}
