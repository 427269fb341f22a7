import { knownMessages, type Translate } from '#client/lib/known-messages.ts'
import { REDEEM_FAILED_MESSAGE } from '#client/features/redeem/api/submit-redeem.ts'
import { PURCHASE_MONTH_SPAN } from '#shared/domain/redeem.ts'

/**
 * The messages the redeem form can show, in English as the request's schema (RedeemRequestSchema)
 * and the form's sending word them, each with its words in the catalogs (`book.redeem.problem.*`).
 * The server's own refusals (a 400 or 429) come in the request's language already.
 */
const PROBLEMS = knownMessages([
  ['Enter a valid e-mail address', 'book.redeem.problem.invalidEmail'],
  ['Choose where you bought the book', 'book.redeem.problem.chooseStore'],
  ['Use the form YYYY-MM', 'book.redeem.problem.monthFormat'],
  [`Choose a month within the last ${PURCHASE_MONTH_SPAN} months`, 'book.redeem.problem.monthRange', { months: PURCHASE_MONTH_SPAN }],
  ['Enter the secret word or a redemption code', 'book.redeem.problem.proof'],
  [REDEEM_FAILED_MESSAGE, 'book.redeem.problem.failed'],
])

/** Every English message the form knows, for the test that each is the schema's and has its words. */
export const KNOWN_REDEEM_PROBLEMS: readonly string[] = PROBLEMS.english

/** A redeem message in the shown language; one the catalogs do not know is shown as it came. */
export function redeemProblemText(t: Translate, message: string): string {
  return PROBLEMS.text(t, message)
}
