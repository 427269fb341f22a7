import type { Executor } from '#server/db/executor.ts'
import { deleteIdentity, deleteOwnedRows } from '#server/account/account.repo.ts'
import { deleteOAuthOfUser } from '#server/connected-apps/connected-apps.commands.ts'

/**
 * Deletes the user and everything they own, in the caller's one transaction: their rows
 * (account.repo.ts, deleteOwnedRows), their connected apps (OAuth tokens, consents and the clients
 * they registered: decision 046, through the connected apps' commands), then their identity
 * (sessions, sign-in accounts, verification rows, the user; redemption claims stay, anonymised:
 * docs/decisions/022-account-deletion.md). False when there was no such user.
 */
export async function deleteAccount(trx: Executor, userId: string): Promise<boolean> {
  const email = await deleteOwnedRows(trx, userId)
  if (email === undefined) return false
  await deleteOAuthOfUser(trx, userId)
  await deleteIdentity(trx, userId, email)
  return true
}
