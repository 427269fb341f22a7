/**
 * What a command answers (docs/architecture.md, "The server's layers"): the value it made, or a
 * refusal naming the rule of docs/product.md that the write broke. A command never throws an HTTP
 * error: the route turns a refusal into its declared status (`refusalError` in http/errors.ts),
 * the assistant's tool into a tool error, and the importer into a line of its report.
 */

/** Every way a command refuses. Each has one HTTP status (http/errors.ts) and is a code clients read. */
export const REFUSAL_CODES = [
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'CONFLICT',
  'TOO_MANY_LINKS',
  'SHELF_CHANGED',
  'UNKNOWN_OILS',
  'UNKNOWN_PRODUCT_TYPE',
  'NOT_A_COSMETIC',
  'A_COSMETIC',
  'CURRENCY_MISMATCH',
  'NO_PROPOSAL',
  'INGREDIENT_IN_USE',
  'NOTHING_NEWER',
  'NOT_A_DOCUMENT',
  'DOCUMENTS_FULL',
  'NOT_DRAWABLE',
] as const

export type RefusalCode = (typeof REFUSAL_CODES)[number]

export type Refusal = { readonly ok: false; readonly code: RefusalCode; readonly message: string; readonly details?: unknown }
export type Done<T> = { readonly ok: true; readonly value: T }
export type Outcome<T> = Done<T> | Refusal

export const done = <T>(value: T): Done<T> => ({ ok: true, value })

export const refuse = (code: RefusalCode, message: string, details?: unknown): Refusal =>
  details === undefined ? { ok: false, code, message } : { ok: false, code, message, details }

export const isRefusal = (outcome: Outcome<unknown>): outcome is Refusal => !outcome.ok

/** A place in a request or a file that a refusal names, as the API's error details list them. */
export type Place = { path: string; message: string }

/** A refusal of one field: `path` is relative (the route puts `body.` before it, the importer the record's place). */
export const refuseAt = (code: RefusalCode, path: string, message: string): Refusal => refuse(code, message, [{ path, message }])

/**
 * The refusal with the places it names put under `prefix` ('body', 'shelf[3]'). With 'first-place'
 * (the shelf's and the importer's answers) a validation error's message names its first place, as a
 * schema's does ("body.remaining: The amount left…"); with 'as-given' (blends and test entries) the
 * message stays the command's own words, as those routes have always answered.
 */
export function placed(refusal: Refusal, prefix: string, message: 'first-place' | 'as-given' = 'first-place'): Refusal {
  if (!Array.isArray(refusal.details)) return refusal
  const details = (refusal.details as Place[]).map((d) => ({ ...d, path: d.path ? `${prefix}.${d.path}` : prefix }))
  const first = details[0]
  const named = message === 'first-place' && refusal.code === 'VALIDATION_ERROR' && first
  return refuse(refusal.code, named ? `${first.path}: ${first.message}` : refusal.message, details)
}
