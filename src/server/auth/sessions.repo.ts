import type { Executor } from '#server/db/executor.ts'

/** Whether this user's session exists and has not expired: a signed-out or revoked session is gone. */
export async function sessionIsLive(ex: Executor, sessionId: string, userId: string): Promise<boolean> {
  const row = await ex.selectFrom('session').select('expiresAt').where('id', '=', sessionId).where('userId', '=', userId).executeTakeFirst()
  return row !== undefined && new Date(row.expiresAt).getTime() > Date.now()
}
