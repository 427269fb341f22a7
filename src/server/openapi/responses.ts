import type { RouteOptions } from 'fastify'
import { z } from 'zod'

/** The one error shape every endpoint answers with (src/server/http/errors.ts). */
export const ErrorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .meta({ id: 'Error' })

const NoContent = z.null().describe('No content')

/**
 * Every `error.code` the API answers, with what it means. The published document lists, for each
 * status an operation declares, the codes it can carry and these meanings.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: 'a request part breaks its schema or a rule the operation states; `details` names each place',
  MALFORMED_JSON: 'the body is not valid JSON, or is empty',
  BAD_REQUEST: 'the request is malformed: not valid HTTP, or its Content-Length is wrong',
  HEADERS_TOO_LARGE: 'the request line and headers are over the server’s limit (16 kB): a URL too long, or too many cookies',
  REQUEST_TIMEOUT: 'the request took too long to arrive; the connection is closed',
  NOT_AN_ACCORD_EXPORT: 'the file is not an Accord export',
  CONFIRM_EMAIL_MISMATCH: 'the e-mail address typed is not the account’s',
  UNAUTHENTICATED: 'no valid bearer token, or the session or account has ended',
  NOT_FOUND: 'not there, or not yours (another user’s id answers the same)',
  TOO_MANY_LINKS: 'the blend has as many share links as it may',
  SHELF_CHANGED: 'the shelf changed while the batch was recorded; try again',
  NOT_A_COSMETIC: 'the product type is a home product (not a cosmetic): it has no allergen label',
  A_COSMETIC: 'the product type is a cosmetic: its label is the EU allergen label, not a CLP notice',
  UNKNOWN_PRODUCT_TYPE: 'the batch’s product type is not one of the usage guide; send productType',
  PUSH_UNAVAILABLE: 'push reminders are not configured on this server',
  IDEMPOTENCY_KEY_IN_USE: 'a request with this Idempotency-Key is still running; try again shortly',
  PAYLOAD_TOO_LARGE: 'the body is larger than the route takes',
  UNSUPPORTED_MEDIA_TYPE: 'the body is not of a type the route takes (Content-Type)',
  IDEMPOTENCY_KEY_REUSED: 'this Idempotency-Key was sent with another request; send a new key',
  UNSUPPORTED_EXPORT_VERSION: 'the export is of a version this server cannot read',
  UNKNOWN_OILS: 'the file names oils the catalog does not have',
  CURRENCY_MISMATCH: 'the file’s prices are in another currency than the account’s',
  NO_PROPOSAL:
    'the blend is already within every limit, or no change inside its layers brings it within them: nothing to save (the message says which)',
  RATE_LIMITED: 'over the route’s limit per minute; Retry-After says when to try again',
  BUSY: 'as many of these as the server runs at once are running; Retry-After says when to try again',
  ALREADY_RUNNING: 'as many of yours as may run at once are running; Retry-After says when to try again',
  INTERNAL: 'the server failed; the cause is in its log',
  DATABASE_UNAVAILABLE: 'the database is down or restarting; Retry-After says when to try again',
  UNAVAILABLE: 'the health check could not reach the database',
  INGREDIENT_IN_USE: 'a blend version or a bottle uses the ingredient; `details` names them (decision 068)',
  NOTHING_NEWER: 'no accord in the version has a newer version to follow (decision 072)',
  NOT_A_DOCUMENT: 'the file’s content is not a PDF, PNG, JPEG or WebP file, whatever its name says (decision 080)',
  DOCUMENTS_FULL: 'the bottle has as many documents as it may, or the account as many bytes of them (decision 080)',
  NOT_DRAWABLE: 'a bottle chosen to draw from holds another oil, is empty, or its oil is not in the version made (decision 090)',
} as const

export type ErrorCode = keyof typeof ERROR_CODES
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 431 | 500 | 503
/** The error statuses an operation answers, each with the codes it carries. */
export type Refusals = { readonly [S in ErrorStatus]?: readonly ErrorCode[] }

/** Every operation can fail on the server's side: a failure (its cause only logged), or the database unavailable. */
const SERVER_FAILURES: Refusals = { 500: ['INTERNAL'], 503: ['DATABASE_UNAVAILABLE'] }

/**
 * What Node refuses before any route reads the request, answered in the error shape by
 * `clientErrorHandler` (src/server/http/errors.ts), whatever the operation: bytes that are not
 * HTTP, a request line and headers over the limit, a request that took too long to arrive.
 */
export const BEFORE_ROUTING: Refusals = { 400: ['BAD_REQUEST'], 408: ['REQUEST_TIMEOUT'], 431: ['HEADERS_TOO_LARGE'] }

/** A create that runs through `createOnce` (src/server/http/idempotency.ts): the Idempotency-Key's refusals. */
export const IDEMPOTENT: Refusals = { 400: ['VALIDATION_ERROR'], 409: ['IDEMPOTENCY_KEY_IN_USE'], 422: ['IDEMPOTENCY_KEY_REUSED'] }

/** A route with a limit on how many run at once (src/server/http/heavy-work.ts `limitRunning`). */
export const HEAVY: Refusals = { 429: ['BUSY', 'ALREADY_RUNNING'] }

/** The codes of each error response schema made here, so refusals declared apart can be merged. */
const codesOf = new WeakMap<z.ZodType, readonly ErrorCode[]>()

/** The error shape of one status, with `error.code` narrowed to the codes it carries and each code's meaning as its description. */
function refusal(codes: readonly ErrorCode[]): z.ZodType {
  const sorted = [...new Set(codes)].sort()
  // The narrowing is the document's; at run time any code is sent as it is, so a code the
  // document forgot is a failing contract test rather than a 500 for the client.
  const schema = ErrorResponseSchema.and(z.looseObject({ error: z.looseObject({ code: z.string().meta({ enum: sorted }) }) })).describe(
    sorted.map((code) => `${code}: ${ERROR_CODES[code]}`).join('. '),
  )
  codesOf.set(schema, sorted)
  return schema
}

/** The union of refusals, status by status. */
export function mergeRefusals(...all: Refusals[]): Refusals {
  const out: { [S in ErrorStatus]?: ErrorCode[] } = {}
  for (const refusals of all) {
    for (const [status, codes] of Object.entries(refusals) as [`${ErrorStatus}`, readonly ErrorCode[]][]) {
      const key = Number(status) as ErrorStatus
      out[key] = [...new Set([...(out[key] ?? []), ...codes])]
    }
  }
  return out
}

/**
 * A route's `response` schemas for the published contract: its success answer under `status`, the
 * error statuses it answers with the codes each carries, and the server's own failures (500, 503).
 * The refusals that follow from the route's shape need not be listed: `declareCommonRefusals`
 * adds them (a body, parameters, a token, a rate limit). List the ones its handler gives:
 * `answers(201, ShareLinkSchema, IDEMPOTENT, { 409: ['TOO_MANY_LINKS'] })`.
 */
export function answers(status: 200 | 201 | 204, schema: z.ZodType = NoContent, ...refusals: Refusals[]): Record<number, z.ZodType> {
  const merged = mergeRefusals(SERVER_FAILURES, ...refusals)
  return { [status]: schema, ...Object.fromEntries(Object.entries(merged).map(([code, codes]) => [code, refusal(codes)])) }
}

/** The 304 of a route whose answers carry an ETag (src/server/http/list-cache.ts). */
export const NOT_MODIFIED = { 304: z.null().describe('Not modified: the ETag sent in If-None-Match still matches') }

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The refusals that follow from a route's shape, whatever its handler does:
 * - a request part with a schema (path, query, body) can break it: 400 VALIDATION_ERROR;
 * - a method that carries a body can send one that is not JSON, too large, or of another type
 *   (400 MALFORMED_JSON or BAD_REQUEST, 413, 415), with or without a body schema;
 * - a path parameter names a row that may not be there, or not be the user's: 404 NOT_FOUND;
 * - a route that is not public needs a valid token: 401 UNAUTHENTICATED;
 * - a route with a rate limit (`config.rateLimit`): 429 RATE_LIMITED;
 * - every route: what Node refuses before routing (BEFORE_ROUTING: 400, 408, 431).
 */
export function commonRefusals(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): Refusals {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown }
  const config = (route.config ?? {}) as { public?: boolean; rateLimit?: unknown }
  const methods = [route.method].flat()
  const refusals: Refusals[] = [BEFORE_ROUTING]
  if (schema.params || schema.querystring || schema.body) refusals.push({ 400: ['VALIDATION_ERROR'] })
  if (methods.some((method) => BODY_METHODS.has(method))) {
    refusals.push({ 400: ['MALFORMED_JSON', 'BAD_REQUEST'], 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] })
  }
  if (schema.params) refusals.push({ 404: ['NOT_FOUND'] })
  if (!config.public) refusals.push({ 401: ['UNAUTHENTICATED'] })
  if (config.rateLimit) refusals.push({ 429: ['RATE_LIMITED'] })
  return mergeRefusals(...refusals)
}

/**
 * Adds a route's common refusals (`commonRefusals`) to the responses it declares, merging codes
 * into a status it already lists. An onRoute hook (src/server/openapi/openapi.ts), so the answers
 * are serialised and published with them; routes without response schemas are left as they are.
 */
export function declareCommonRefusals(route: RouteOptions): void {
  const schema = route.schema as { response?: Record<string, z.ZodType>; hide?: boolean } | undefined
  if (!schema?.response || schema.hide) return
  const response = { ...schema.response }
  for (const [status, codes] of Object.entries(commonRefusals(route))) {
    const declared = response[status]
    const own = declared ? codesOf.get(declared) : []
    if (own === undefined) throw new Error(`${String(route.method)} ${route.url}: its ${status} answer is not one made by answers()`)
    response[status] = refusal([...own, ...codes])
  }
  route.schema = { ...route.schema, response }
}

/** The header a declared 429 or 503 carries, as the document states it. */
export const RETRY_AFTER_HEADER = {
  'retry-after': { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again' },
}
