/**
 * Batch codes (docs/product.md "Allergen labels"; decision 050). Every batch gets a code, unique in
 * the maker's account, from a pattern they may set on /account. The pattern's tokens:
 * {YYYY} {YY} {MM} {DD} {YYMMDD} from the day the batch was made, {REF} the version's reference
 * (001b), and {n}, a counter: the smallest number above every code already made from the same
 * pattern and the same other parts (a deleted batch's number is not given again while a later
 * one exists). {n} is required, so that two batches of a day never share a code.
 */

export const DEFAULT_BATCH_CODE_PATTERN = '{YYMMDD}-{n}'
export const MAX_BATCH_CODE_PATTERN = 40
export const BATCH_CODE_TOKENS = ['{YYYY}', '{YY}', '{MM}', '{DD}', '{YYMMDD}', '{REF}', '{n}'] as const

/** Why a pattern cannot be used, or null when it can. */
export function batchCodePatternProblem(pattern: string): string | null {
  const text = pattern.trim()
  if (text === '') return 'Enter a pattern, such as {YYMMDD}-{n}'
  if (text.length > MAX_BATCH_CODE_PATTERN) return `A pattern is at most ${MAX_BATCH_CODE_PATTERN} characters`
  const unknown = text.match(/\{[^}]*\}/g)?.find((token) => !(BATCH_CODE_TOKENS as readonly string[]).includes(token))
  if (unknown) return `${unknown} is not a token: use ${BATCH_CODE_TOKENS.join(' ')}`
  if (!text.includes('{n}')) return 'The pattern needs {n}, the counter that keeps each code unique'
  if (text.split('{n}').length > 2) return 'The pattern has {n} once'
  if (/[{}]/.test(text.replace(/\{[^}]*\}/g, ''))) return 'A brace belongs to a token, such as {n}'
  if (!/^[\p{L}\p{N}{}\-_./# ]+$/u.test(text)) return 'Use letters, digits, spaces and - _ . / # around the tokens'
  return null
}

/** The pattern with every token but {n} filled in: the parts of the code fixed for this batch. */
export function fillBatchCodePattern(pattern: string, batch: { madeOn: string; reference: string }): { before: string; after: string } {
  const [yyyy = '', mm = '', dd = ''] = batch.madeOn.split('-')
  const fill = (text: string) =>
    text
      .replaceAll('{YYYY}', yyyy)
      .replaceAll('{YYMMDD}', `${yyyy.slice(2)}${mm}${dd}`)
      .replaceAll('{YY}', yyyy.slice(2))
      .replaceAll('{MM}', mm)
      .replaceAll('{DD}', dd)
      .replaceAll('{REF}', batch.reference)
  const [before = '', after = ''] = pattern.trim().split('{n}')
  return { before: fill(before), after: fill(after) }
}

/**
 * The batch's code: the pattern filled in, with {n} one above the highest counter among the
 * account's codes that match the same fixed parts (1 when none does).
 */
export function nextBatchCode(pattern: string, batch: { madeOn: string; reference: string }, existing: readonly string[]): string {
  const { before, after } = fillBatchCodePattern(pattern, batch)
  let highest = 0
  for (const code of existing) {
    if (!code.startsWith(before) || !code.endsWith(after) || code.length <= before.length + after.length) continue
    const middle = code.slice(before.length, code.length - after.length)
    if (/^\d+$/.test(middle)) highest = Math.max(highest, Number(middle))
  }
  return `${before}${highest + 1}${after}`
}

/** The LIKE pattern that finds the codes nextBatchCode compares with (escaped with '\'). */
export function batchCodeLike(pattern: string, batch: { madeOn: string; reference: string }): string {
  const { before, after } = fillBatchCodePattern(pattern, batch)
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
  return `${escape(before)}%${escape(after)}`
}
