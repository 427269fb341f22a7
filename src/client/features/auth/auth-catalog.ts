/**
 * The account forms' words (the catalogs' `auth.json`, decision 097): the sign-up, sign-in and
 * reset forms, loaded with them and never with the landing page's first script, English included.
 * Await `wordsReady` before a form renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/auth.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'
import { knownMessages, type Translate } from '#client/lib/known-messages.ts'
import { AUTH_MESSAGES } from '#client/lib/auth-client.ts'
import { AUTH_ERROR_MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api/auth-codes.ts'

export const wordsReady: Promise<void> = registerSection('auth', english, {
  de: () => import('#client/locales/de/auth.json?lingui'),
  fr: () => import('#client/locales/fr/auth.json?lingui'),
  es: () => import('#client/locales/es/auth.json?lingui'),
  it: () => import('#client/locales/it/auth.json?lingui'),
})

/** Said when the two new passwords of a reset differ. */
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match.'

/**
 * The messages an account form can show, in English as the spec and the identity service word
 * them (the shared schemas' and the server's), each with its words in the catalogs.
 */
const PROBLEMS = knownMessages([
  [AUTH_ERROR_MESSAGES.EMAIL_IN_USE, 'auth.problem.emailInUse'],
  [AUTH_ERROR_MESSAGES.WEAK_PASSWORD, 'auth.problem.weakPassword', { min: PASSWORD_MIN_LENGTH }],
  [AUTH_ERROR_MESSAGES.PASSWORD_TOO_LONG, 'auth.problem.passwordTooLong', { max: PASSWORD_MAX_LENGTH }],
  [AUTH_ERROR_MESSAGES.INVALID_EMAIL, 'auth.problem.invalidEmail'],
  [AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS, 'auth.problem.invalidCredentials'],
  [AUTH_ERROR_MESSAGES.ACCOUNT_NOT_FOUND, 'auth.problem.accountNotFound'],
  [AUTH_ERROR_MESSAGES.INVALID_RESET_TOKEN, 'auth.problem.invalidResetToken'],
  [AUTH_ERROR_MESSAGES.RATE_LIMITED, 'auth.problem.rateLimited'],
  [AUTH_ERROR_MESSAGES.UNAUTHENTICATED, 'auth.problem.unauthenticated'],
  [AUTH_ERROR_MESSAGES.NAME_TOO_LONG, 'auth.problem.nameTooLong', { max: NAME_MAX_LENGTH }],
  [AUTH_MESSAGES.fillAllFields, 'auth.problem.fillAllFields'],
  [AUTH_MESSAGES.enterEmail, 'auth.problem.enterEmail'],
  [AUTH_MESSAGES.generic, 'auth.problem.generic'],
  [AUTH_MESSAGES.resetFailed, 'auth.problem.resetFailed'],
  [AUTH_MESSAGES.googleFailed, 'auth.problem.googleFailed'],
  [AUTH_MESSAGES.googleCancelled, 'auth.problem.googleCancelled'],
  [PASSWORDS_DIFFER_MESSAGE, 'auth.problem.passwordsDiffer'],
])

/** Every English message the forms know, for the test that each has its words. */
export const KNOWN_PROBLEMS: readonly string[] = PROBLEMS.english

/** A form's message in the shown language; one the catalogs do not know is shown as it came. */
export function problemText(t: Translate, message: string): string {
  return PROBLEMS.text(t, message)
}
