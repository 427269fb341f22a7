import { z } from 'zod'

/**
 * The identity service's contract (better-auth, mounted at /api/auth). The client calls these
 * endpoints with `credentials: 'include'`; the session lives in an HttpOnly cookie and the API takes
 * a short-lived bearer token from GET /api/auth/token.
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

const email = z.email({ error: AUTH_ERROR_MESSAGES.INVALID_EMAIL })
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_ERROR_MESSAGES.WEAK_PASSWORD })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_ERROR_MESSAGES.PASSWORD_TOO_LONG })

/** POST /api/auth/sign-up/email → 200 { token, user } and the session cookie. */
export const SignUpBodySchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH, { error: AUTH_ERROR_MESSAGES.NAME_TOO_LONG }),
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

/** The page of the client where an e-mailed reset link lands. */
export const RESET_PASSWORD_PATH = '/reset-password'

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

/** docs/product.md §9: the signed-in client re-checks its session on sign-in, then every 2 minutes. */
export const DEFAULT_SESSION_CHECK_INTERVAL_MS = 120_000

/**
 * GET /api/auth-config (public): which sign-in methods this server offers, and how often the
 * signed-in client re-checks its session (SESSION_CHECK_INTERVAL_MS; tests shorten it).
 */
export const AuthConfigSchema = z.object({
  google: z.boolean(),
  sessionCheckIntervalMs: z.number().int().positive(),
})
export type AuthConfig = z.infer<typeof AuthConfigSchema>
