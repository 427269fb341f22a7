import { z } from 'zod'
import { AUTH_ERROR_MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts'

/**
 * The account page's contract (docs/product.md §2 "Account"): what the signed-in user sees of
 * their account, and deleting it. Renaming, changing the password and signing out everywhere go
 * to the identity service (/api/auth/update-user, /change-password, /revoke-sessions).
 */

/** How a user can sign in: with a password, with Google, or both. */
export const SignInMethodSchema = z.enum(['password', 'google'])
export type SignInMethod = z.infer<typeof SignInMethodSchema>

/** GET /api/me/account → 200. */
export const AccountInfoSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    /** In a fixed order: password first. Empty only for an account with no way left to sign in. */
    signInMethods: z.array(SignInMethodSchema),
    /** ISO-8601. */
    createdAt: z.string(),
  })
  .meta({ id: 'AccountInfo' })
export type AccountInfo = z.infer<typeof AccountInfoSchema>

/**
 * change-password's refusals the account page tells apart, in `{ error: { code, message } }` (kept
 * out of auth.ts's messages, which the landing page's bundle carries).
 */
export const CHANGE_PASSWORD_ERRORS = {
  /** The current password is wrong (400). */
  WRONG_PASSWORD: 'Your current password is not correct.',
  /** The account has no password: it signs in with Google only (400). */
  NO_PASSWORD: 'This account signs in with Google and has no password yet.',
} as const

/** POST /api/me/delete refuses a confirmation that is not the account's address with this code (400). */
export const CONFIRM_EMAIL_MISMATCH = 'CONFIRM_EMAIL_MISMATCH'
export const CONFIRM_EMAIL_MISMATCH_MESSAGE = 'The email address you typed is not the one of this account.'

/** Whether what the user typed to confirm a deletion is the account's address: trimmed, in any case. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase()
}

/** POST /api/me/delete → 204: deletes the account and everything it owns. */
export const DeleteAccountBodySchema = z.object({
  /** The account's e-mail address, typed by the user (compared with confirmsEmail). */
  confirmEmail: z.string().max(320),
})
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>

/** POST /api/auth/update-user, as the account page sends it. */
export const UpdateNameBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Please enter a name.' }).max(NAME_MAX_LENGTH, { error: AUTH_ERROR_MESSAGES.NAME_TOO_LONG }),
})
export type UpdateNameBody = z.infer<typeof UpdateNameBodySchema>

/** POST /api/auth/change-password, as the account page sends it: other devices are always signed out. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, { error: 'Please enter your current password.' }).max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: AUTH_ERROR_MESSAGES.WEAK_PASSWORD })
    .max(PASSWORD_MAX_LENGTH, { error: AUTH_ERROR_MESSAGES.PASSWORD_TOO_LONG }),
  revokeOtherSessions: z.literal(true),
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>
