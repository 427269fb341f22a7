import { z } from 'zod'
import { NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import { AUTH_ERROR_MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type AuthConfig } from '#shared/api/auth-codes.ts'

/**
 * The identity service's contract (better-auth, mounted at /api/auth). The client calls these
 * endpoints with `credentials: 'include'`; the session lives in an HttpOnly cookie and the API takes
 * a short-lived bearer token from GET /api/auth/token.
 */

export {
  AUTH_ERROR_CODES,
  AUTH_ERROR_MESSAGES,
  DEFAULT_SESSION_CHECK_INTERVAL_MS,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_PATH,
  type AuthErrorCode,
} from '#shared/api/auth-codes.ts'

const email = z.email({ error: AUTH_ERROR_MESSAGES.INVALID_EMAIL })
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_ERROR_MESSAGES.WEAK_PASSWORD })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_ERROR_MESSAGES.PASSWORD_TOO_LONG })

/** POST /api/auth/sign-up/email → 200 { token, user } and the session cookie. */
export const SignUpBodySchema = z.object({
  // The contract says what the server checks: a name that is not blank (decision 041).
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH, { error: AUTH_ERROR_MESSAGES.NAME_TOO_LONG }).meta({ pattern: NOT_BLANK_PATTERN }),
  email,
  password,
})
export type SignUpBody = z.infer<typeof SignUpBodySchema>

/** POST /api/auth/sign-in/email → 200 { redirect, token, user } and the session cookie. */
export const SignInBodySchema = z.object({
  email,
  password: z.string().min(1),
})
export type SignInBody = z.infer<typeof SignInBodySchema>

/** POST /api/auth/request-password-reset → 200 { status: true }; 404 ACCOUNT_NOT_FOUND for an unknown address. */
export const PasswordResetRequestSchema = z.object({ email })
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>

/**
 * POST /api/auth/reset-password → 200 { status: true }; 400 INVALID_RESET_TOKEN when used, expired or unknown.
 * The e-mailed link passes through the server and lands on `/reset-password?token=...`
 * (or `/reset-password?error=INVALID_TOKEN` when the link is no longer valid).
 */
export const PasswordResetSchema = z.object({
  token: z.string().min(1),
  newPassword: password,
})
export type PasswordReset = z.infer<typeof PasswordResetSchema>

/** GET /api/auth/token → 200 { token }: a JWT for `Authorization: Bearer`, valid 15 minutes. */
export const TokenResponseSchema = z.object({ token: z.string().min(1) })
export type TokenResponse = z.infer<typeof TokenResponseSchema>

/** The signed-in user as GET /api/auth/get-session reports it (dates arrive as ISO strings). */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

/** GET /api/auth/get-session → 200 { session, user }, or 200 null when signed out. */
export const SessionResponseSchema = z
  .object({
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
    user: SessionUserSchema,
  })
  .nullable()
export type SessionResponse = z.infer<typeof SessionResponseSchema>

/**
 * GET /api/auth-config (public): which sign-in methods this server offers, and how often the
 * signed-in client re-checks its session (SESSION_CHECK_INTERVAL_MS; tests shorten it).
 */
export const AuthConfigSchema = z.object({
  google: z.boolean(),
  sessionCheckIntervalMs: z.number().int().positive(),
}) satisfies z.ZodType<AuthConfig>
export type { AuthConfig }

/** Where the identity service (better-auth) answers, under the API's /api prefix. */
export const AUTH_BASE_PATH = '/api/auth'
