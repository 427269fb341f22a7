import { apiRequest } from '#client/lib/api-client.ts'

/** POST /api/me/delete: deletes the account and everything it owns; `confirmEmail` is what the user typed. */
export async function deleteAccount(confirmEmail: string): Promise<void> {
  await apiRequest('POST', '/api/me/delete', { confirmEmail })
}
