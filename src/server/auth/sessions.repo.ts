import type { Db } from '#server/db/db.ts'

/** Whether this user's session exists and has not expired: a signed-out or revoked session is gone. */
export async function sessionIsLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('session')
    .select('expiresAt')
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst()
  return row !== undefined && new Date(row.expiresAt).getTime() > Date.now()
}
