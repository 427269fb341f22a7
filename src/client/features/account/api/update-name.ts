import { AUTH_ERROR_CODES } from '#shared/api/auth-codes.ts'
import { AUTH_MESSAGES, postAuth, toAuthError } from '#client/lib/auth-client.ts'
import { sessionStore, setSignedIn } from '#client/lib/session.ts'

/** POST /api/auth/update-user {name}: saves the display name; the avatar menu shows it at once. */
export async function updateName(name: string): Promise<void> {
  const res = await postAuth('/update-user', { name }, AUTH_MESSAGES.generic)
  if (!res.ok) throw await toAuthError(res, [AUTH_ERROR_CODES.NAME_TOO_LONG], AUTH_MESSAGES.generic)
  const state = sessionStore.getState()
  if (state.status === 'signed-in') setSignedIn({ ...state.user, displayName: name })
}
