import { sql } from 'kysely'
import type { AccountInfo, SignInMethod } from '#shared/api/account.ts'
import type { Executor } from '#server/db/executor.ts'

/** What a redemption claim's e-mail becomes when its reader deletes their account (docs/decisions/022). */
export const ANONYMISED_CLAIM_EMAIL = '(account deleted)'

/** better-auth's provider ids, as the account page names them. */
const METHOD_OF_PROVIDER: Record<string, SignInMethod> = { credential: 'password', google: 'google' }

const iso = (value: Date | string) => new Date(value).toISOString()

/** The signed-in user's account as the account page shows it; undefined when the user is gone. */
export async function accountInfo(ex: Executor, userId: string): Promise<AccountInfo | undefined> {
  const user = await ex.selectFrom('user').select(['name', 'email', 'createdAt']).where('id', '=', userId).executeTakeFirst()
  if (!user) return undefined
  const links = await ex.selectFrom('account').select(['providerId', 'password']).where('userId', '=', userId).execute()
  const methods = new Set<SignInMethod>()
  for (const link of links) {
    const method = METHOD_OF_PROVIDER[link.providerId]
    // A credential row without a hash cannot be signed in with.
    if (method && (method !== 'password' || link.password)) methods.add(method)
  }
  const signInMethods = (['password', 'google'] as const).filter((m) => methods.has(m))
  return { name: user.name, email: user.email, signInMethods, createdAt: iso(user.createdAt) }
}

/** The e-mail address of the user, or undefined when the user is gone. */
export async function accountEmail(ex: Executor, userId: string): Promise<string | undefined> {
  const row = await ex.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst()
  return row?.email
}

/**
 * Deletes everything the user owns but their identity, in the caller's transaction: share links,
 * reminders and push subscriptions, the shelf (bottles and their allergen declarations, batches
 * with their draws and saved labels, settings), import origins, test entries, versions, blends,
 * blends and share links kept for Undo, idempotency keys and counters. Answers the user's e-mail
 * address, trimmed and lower-cased, or undefined when there was no such user (nothing deleted).
 */
export async function deleteOwnedRows(trx: Executor, userId: string): Promise<string | undefined> {
  const user = await trx.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst()
  if (!user) return undefined
  // Children first: the foreign keys cascade, but SQLite enforces them only when a connection asks.
  await trx.deleteFrom('share_links').where('user_id', '=', userId).execute()
  await trx.deleteFrom('revoked_share_links').where('user_id', '=', userId).execute()
  await trx.deleteFrom('reminders').where('user_id', '=', userId).execute()
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute()
  await trx.deleteFrom('batch_labels').where('user_id', '=', userId).execute()
  await trx.deleteFrom('batch_draws').where('user_id', '=', userId).execute()
  await trx.deleteFrom('batch_accord_draws').where('user_id', '=', userId).execute()
  await trx.deleteFrom('batches').where('user_id', '=', userId).execute()
  await trx.deleteFrom('bottle_declarations').where('user_id', '=', userId).execute()
  await trx.deleteFrom('bottle_ifra_certificates').where('user_id', '=', userId).execute()
  await trx.deleteFrom('shelf_bottles').where('user_id', '=', userId).execute()
  // The maker's own ingredients (decision 068), after the bottles that name them; catalog rows have no owner.
  await trx.deleteFrom('essential_oils').where('user_id', '=', userId).execute()
  await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute()
  await trx.deleteFrom('deleted_blends').where('user_id', '=', userId).execute()
  await trx.deleteFrom('import_origins').where('user_id', '=', userId).execute()
  await trx.deleteFrom('journal_entries').where('user_id', '=', userId).execute()
  await trx.deleteFrom('blend_accord_uses').where('user_id', '=', userId).execute()
  await trx.deleteFrom('blend_versions').where('user_id', '=', userId).execute()
  await trx.deleteFrom('blend_projects').where('user_id', '=', userId).execute()
  await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute()
  await trx.deleteFrom('user_sequences').where('user_id', '=', userId).execute()
  return user.email.trim().toLowerCase()
}

/**
 * Deletes the user's identity, in the caller's transaction, after their connected apps: sessions,
 * linked sign-in accounts, reset links and other verification rows, and the user. Redemption claims
 * made with their address (`email`, as deleteOwnedRows answers it) stay, anonymised, so codes stay
 * spent (docs/decisions/022-account-deletion.md).
 */
export async function deleteIdentity(trx: Executor, userId: string, email: string): Promise<void> {
  await trx.deleteFrom('session').where('userId', '=', userId).execute()
  await trx.deleteFrom('account').where('userId', '=', userId).execute()
  // Reset links hold the user id as their value; other kinds (e-mail checks) name the address.
  await trx
    .deleteFrom('verification')
    .where((eb) => eb.or([eb('value', '=', userId), eb(sql<string>`lower(${sql.ref('identifier')})`, '=', email)]))
    .execute()
  await trx
    .updateTable('redemption_claims')
    .set({ email: ANONYMISED_CLAIM_EMAIL })
    .where(sql<string>`lower(trim(${sql.ref('email')}))`, '=', email)
    .execute()
  await trx.deleteFrom('user').where('id', '=', userId).execute()
}
