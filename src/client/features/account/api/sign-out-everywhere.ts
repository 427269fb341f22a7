import { AUTH_MESSAGES, endSessionWith, postAuth, toAuthError } from '#client/lib/auth-client.ts'

/** POST /api/auth/revoke-sessions: ends every session of the user, this one included, then signs out here. */
export function signOutEverywhere(): Promise<void> {
  return endSessionWith(async () => {
    const res = await postAuth('/revoke-sessions', {}, AUTH_MESSAGES.generic)
    if (!res.ok) throw await toAuthError(res, [], AUTH_MESSAGES.generic)
  })
}
