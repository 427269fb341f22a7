import { CHANGE_PASSWORD_ERRORS } from '#shared/api/account.ts'
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, type AuthErrorCode } from '#shared/api/auth.ts'
import { errorBody, type ErrorBody } from '#server/http/errors.ts'

type Mapping = { status: number; code: AuthErrorCode }

/** better-auth's error codes the client tells apart (docs/product.md §8), as our codes; any path. */
const BY_CODE: Record<string, Mapping> = {
  USER_ALREADY_EXISTS: { status: 409, code: AUTH_ERROR_CODES.EMAIL_IN_USE },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, code: AUTH_ERROR_CODES.EMAIL_IN_USE },
  PASSWORD_TOO_SHORT: { status: 400, code: AUTH_ERROR_CODES.WEAK_PASSWORD },
  PASSWORD_TOO_LONG: { status: 400, code: AUTH_ERROR_CODES.PASSWORD_TOO_LONG },
  INVALID_EMAIL: { status: 400, code: AUTH_ERROR_CODES.INVALID_EMAIL },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, code: AUTH_ERROR_CODES.INVALID_CREDENTIALS },
  UNAUTHORIZED: { status: 401, code: AUTH_ERROR_CODES.UNAUTHENTICATED },
  NAME_TOO_LONG: { status: 400, code: AUTH_ERROR_CODES.NAME_TOO_LONG },
}

/** change-password's refusals, as the account page's codes (src/shared/api/account.ts). */
const CHANGE_PASSWORD_CODES: Record<string, keyof typeof CHANGE_PASSWORD_ERRORS> = {
  INVALID_PASSWORD: 'WRONG_PASSWORD',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'NO_PASSWORD',
}

/** Codes whose meaning depends on the endpoint. */
const BY_PATH: Record<string, Record<string, Mapping>> = {
  '/request-password-reset': { ACCOUNT_NOT_FOUND: { status: 404, code: AUTH_ERROR_CODES.ACCOUNT_NOT_FOUND } },
  '/reset-password': { INVALID_TOKEN: { status: 400, code: AUTH_ERROR_CODES.INVALID_RESET_TOKEN } },
}

/**
 * An error answer of better-auth (`{ code, message }`) in our error shape, with our codes and
 * the messages of docs/product.md §8 where the client shows them; other codes pass through with better-auth's text.
 * `path` is the endpoint below /api/auth.
 */
export function toErrorBody(path: string, status: number, body: unknown): { status: number; body: ErrorBody } {
  const { code, message } = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown }
  const theirs = typeof code === 'string' ? code : ''
  const mapped =
    status === 429
      ? { status, code: AUTH_ERROR_CODES.RATE_LIMITED }
      : (BY_PATH[path]?.[theirs] ?? BY_CODE[theirs] ?? (theirs === 'VALIDATION_ERROR' ? validation(message) : undefined))
  if (mapped) return { status: mapped.status, body: errorBody(mapped.code, AUTH_ERROR_MESSAGES[mapped.code]) }
  const changePassword = path === '/change-password' ? CHANGE_PASSWORD_CODES[theirs] : undefined
  if (changePassword) return { status: 400, body: errorBody(changePassword, CHANGE_PASSWORD_ERRORS[changePassword]) }
  const text = typeof message === 'string' && message ? message : 'The request was refused'
  return { status, body: errorBody(theirs || 'BAD_REQUEST', text) }
}

/** better-auth reports schema failures as "[body.email] ..."; an e-mail problem is INVALID_EMAIL. */
function validation(message: unknown): Mapping | undefined {
  if (typeof message === 'string' && /\bemail\b/i.test(message)) return { status: 400, code: AUTH_ERROR_CODES.INVALID_EMAIL }
  return undefined
}
