import { CHANGE_PASSWORD_ERRORS } from '#shared/api/account.ts'
import { AUTH_ERROR_CODES } from '#shared/api/auth-codes.ts'
import { ApiError } from '#client/lib/api-error.ts'
import { AUTH_MESSAGES, postAuth, replaceSessionWith, toAuthError } from '#client/lib/auth-client.ts'

/**
 * POST /api/auth/change-password, always signing out every other device. The identity service
 * replaces this device's session too (a new cookie comes back), so the old session's token is
 * dropped, and no token is asked for with the old cookie while the change is under way.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  const res = await replaceSessionWith(() => postAuth('/change-password', { ...input, revokeOtherSessions: true }, AUTH_MESSAGES.generic))
  if (!res.ok) {
    const err = await toAuthError(res, [AUTH_ERROR_CODES.WEAK_PASSWORD, AUTH_ERROR_CODES.PASSWORD_TOO_LONG], AUTH_MESSAGES.generic)
    const known = Object.hasOwn(CHANGE_PASSWORD_ERRORS, err.code)
      ? CHANGE_PASSWORD_ERRORS[err.code as keyof typeof CHANGE_PASSWORD_ERRORS]
      : null
    throw known ? new ApiError(err.status, err.code, known) : err
  }
}
