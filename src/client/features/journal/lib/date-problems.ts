import type { MadeDateProblem } from '#shared/domain/made-date.ts'
import type { TestDateProblem } from '#shared/domain/test-dates.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

const ID: Record<MadeDateProblem | TestDateProblem, string> = {
  'made-after-today': 'journal.dates.madeAfterToday',
  'test-after-today': 'journal.dates.testAfterToday',
  'test-before-made': 'journal.dates.testBeforeMade',
}

/**
 * A made or test day's problem (made-date.ts, test-dates.ts) in the shown language (decision 107);
 * the English is the domain's, word for word.
 */
export function dateProblemText(t: Translate, problem: MadeDateProblem | TestDateProblem | null): string | null {
  return problem === null ? null : t(ID[problem])
}
