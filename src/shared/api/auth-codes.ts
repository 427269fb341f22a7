/**
 * The identity service's constants: limits, error codes and their messages. No zod here, so the
 * signed-in shell and the landing page can read them without loading the schema library
 * (docs/quality.md, "What the shell loads"); auth.ts re-exports them beside the schemas.
 */

/** docs/product.md §9: the provider's password minimum. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128
/** A display name's limit, enforced by the server on sign-up and profile updates. */
export const NAME_MAX_LENGTH = 200

/** Error codes the auth endpoints answer with, in `{ error: { code, message } }`. */
export const AUTH_ERROR_CODES = {
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  NAME_TOO_LONG: 'NAME_TOO_LONG',
} as const
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES]

/** What the user reads for each code (docs/product.md §8); the server sends the same text as `message`. */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  EMAIL_IN_USE: 'An account with this email already exists. Try signing in instead.',
  WEAK_PASSWORD: `Password should be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  PASSWORD_TOO_LONG: `Password should be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  ACCOUNT_NOT_FOUND: 'No account found with this email address.',
  INVALID_RESET_TOKEN: 'This reset link is invalid or has expired. Please request a new one.',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  UNAUTHENTICATED: 'User not authenticated. Please sign in.',
  NAME_TOO_LONG: `Name should be at most ${NAME_MAX_LENGTH} characters long.`,
}

/** docs/product.md §9: the signed-in client re-checks its session on sign-in, then every 2 minutes. */
export const DEFAULT_SESSION_CHECK_INTERVAL_MS = 120_000

/** The page of the client where an e-mailed reset link lands. */
export const RESET_PASSWORD_PATH = '/reset-password'

/** GET /api/auth-config (public): which sign-in methods this server offers, and how often to re-check the session. */
export interface AuthConfig {
  google: boolean
  sessionCheckIntervalMs: number
}
