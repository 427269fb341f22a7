/**
 * The account page's words (the catalogs' `account.json`, decision 097): a section of its own, so
 * they load with the account page's chunk and never with the app's entry, English included. Await
 * `wordsReady` before the page renders: the shown language's words are in by then.
 */
import english from '#client/locales/en/account.json?lingui'
import { registerSection } from '#client/lib/i18n.ts'
import { knownMessages, type Translate } from '#client/lib/known-messages.ts'
import { AUTH_MESSAGES } from '#client/lib/auth-client.ts'
import { CHANGE_PASSWORD_ERRORS } from '#shared/api/account.ts'
import { AUTH_ERROR_MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/api/auth-codes.ts'
import { BATCH_CODE_TOKENS, DEFAULT_BATCH_CODE_PATTERN, MAX_BATCH_CODE_PATTERN } from '#shared/domain/batch-code.ts'
import {
  ADDRESS_TOO_LONG_MESSAGE,
  LABEL_ADDRESS_MAX_LENGTH,
  LABEL_NAME_MAX_LENGTH,
  LABEL_NAME_TOO_LONG_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
} from '#client/features/account/validation.ts'

export const wordsReady: Promise<void> = registerSection('account', english, {
  de: () => import('#client/locales/de/account.json?lingui'),
  fr: () => import('#client/locales/fr/account.json?lingui'),
  es: () => import('#client/locales/es/account.json?lingui'),
  it: () => import('#client/locales/it/account.json?lingui'),
})

export type { Translate } from '#client/lib/known-messages.ts'

const COUNTER = '{n}'
const TOKENS = BATCH_CODE_TOKENS.join(' ')

/**
 * The messages an account form can show, in English as the shared schemas, the batch-code rules
 * and the server word them, each with its words in the catalogs.
 */
const PROBLEMS = knownMessages([
  [PASSWORDS_DIFFER_MESSAGE, 'account.problem.passwordsDiffer'],
  [LABEL_NAME_TOO_LONG_MESSAGE, 'account.problem.responsibleNameTooLong', { max: LABEL_NAME_MAX_LENGTH }],
  [ADDRESS_TOO_LONG_MESSAGE, 'account.problem.addressTooLong', { max: LABEL_ADDRESS_MAX_LENGTH }],
  ['Please enter a name.', 'account.problem.enterName'],
  ['Please enter your current password.', 'account.problem.enterCurrentPassword'],
  [AUTH_ERROR_MESSAGES.NAME_TOO_LONG, 'account.problem.nameTooLong', { max: NAME_MAX_LENGTH }],
  [AUTH_ERROR_MESSAGES.WEAK_PASSWORD, 'account.problem.weakPassword', { min: PASSWORD_MIN_LENGTH }],
  [AUTH_ERROR_MESSAGES.PASSWORD_TOO_LONG, 'account.problem.passwordTooLong', { max: PASSWORD_MAX_LENGTH }],
  [AUTH_ERROR_MESSAGES.RATE_LIMITED, 'account.problem.rateLimited'],
  [CHANGE_PASSWORD_ERRORS.WRONG_PASSWORD, 'account.problem.wrongPassword'],
  [CHANGE_PASSWORD_ERRORS.NO_PASSWORD, 'account.problem.noPassword'],
  [AUTH_MESSAGES.generic, 'account.problem.generic'],
  [`Enter a pattern, such as ${DEFAULT_BATCH_CODE_PATTERN}`, 'account.problem.enterPattern', { example: DEFAULT_BATCH_CODE_PATTERN }],
  [`A pattern is at most ${MAX_BATCH_CODE_PATTERN} characters`, 'account.problem.patternTooLong', { max: MAX_BATCH_CODE_PATTERN }],
  ['The pattern needs {n}, the counter that keeps each code unique', 'account.problem.patternNeedsCounter', { counter: COUNTER }],
  ['The pattern has {n} once', 'account.problem.patternCounterOnce', { counter: COUNTER }],
  ['A brace belongs to a token, such as {n}', 'account.problem.patternBrace', { counter: COUNTER }],
  ['Use letters, digits, spaces and - _ . / # around the tokens', 'account.problem.patternCharacters'],
])

const UNKNOWN_TOKEN = /^(\{[^}]*\}) is not a token: use /

/** Every English message the forms know, for the test that each has its words. */
export const KNOWN_PROBLEMS: readonly string[] = PROBLEMS.english

/** A form's message in the shown language; one the catalogs do not know is shown as it came. */
export function problemText(t: Translate, message: string): string {
  const known = PROBLEMS.find(t, message)
  if (known !== null) return known
  const token = UNKNOWN_TOKEN.exec(message)?.[1]
  return token && message === `${token} is not a token: use ${TOKENS}`
    ? t('account.problem.unknownToken', { token, tokens: TOKENS })
    : message
}
