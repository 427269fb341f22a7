import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify'
import { z } from 'zod'
import { isDatabaseUnavailable } from '#server/db/db.ts'
import { CursorError } from '#server/shared/cursor.ts'
import { placed, type Outcome, type Refusal, type RefusalCode } from '#server/shared/outcome.ts'
import { apiLanguage, translateApiMessage, translateDetails } from '#server/i18n/api-messages.ts'
import type { Language } from '#shared/i18n/languages.ts'

/** The one error shape every endpoint answers with. */
export type ErrorBody = { error: { code: string; message: string; details?: unknown } }

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`)

/** The status each refusal of a command answers with: one table, so every route says the same. */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  CONFLICT: 409,
  TOO_MANY_LINKS: 409,
  SHELF_CHANGED: 409,
  UNKNOWN_OILS: 422,
  UNKNOWN_PRODUCT_TYPE: 422,
  NOT_A_COSMETIC: 422,
  A_COSMETIC: 422,
  CURRENCY_MISMATCH: 422,
  NO_PROPOSAL: 409,
  INGREDIENT_IN_USE: 409,
  NOTHING_NEWER: 409,
  NOT_A_DOCUMENT: 415,
  DOCUMENTS_FULL: 409,
  NOT_DRAWABLE: 422,
}

/** A command's refusal as the HTTP error the route declares for it. */
export const refusalError = (refusal: Refusal): AppError =>
  new AppError(REFUSAL_STATUS[refusal.code], refusal.code, refusal.message, refusal.details)

/**
 * A command's value, or its refusal thrown as the route's declared error, its places named within
 * `part` ('body': `remaining` becomes `body.remaining`; `placed` in shared/outcome.ts says how the
 * message reads).
 */
export function valueOrThrow<T>(outcome: Outcome<T>, part?: string, message: 'first-place' | 'as-given' = 'first-place'): T {
  if (outcome.ok) return outcome.value
  throw refusalError(part === undefined ? outcome : placed(outcome, part, message))
}

export const errorBody = (code: string, message: string, details?: unknown): ErrorBody => ({
  error: details === undefined ? { code, message } : { code, message, details },
})

/** Zod's own messages in each language Accord speaks (a schema's words of ours are in api-texts). */
const ZOD_WORDS: Record<Language, z.core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  de: z.locales.de().localeError,
  fr: z.locales.fr().localeError,
  es: z.locales.es().localeError,
  it: z.locales.it().localeError,
}

function zodWords(issue: z.core.$ZodIssue, language: Language): string | null {
  const said = ZOD_WORDS[language](issue as unknown as z.core.$ZodRawIssue)
  const text = typeof said === 'string' ? said : said?.message
  return typeof text === 'string' && text !== '' ? text : null
}

/** A request part failed its schema: the message names the first problem, details list them all. */
class ValidationError extends AppError {
  /** Zod's issues with the values they refused: private, so no log or answer ever carries those. */
  readonly #issues: readonly z.core.$ZodIssue[]
  readonly #part: string

  constructor(part: string, issues: readonly z.core.$ZodIssue[], language: Language = 'en') {
    const details = issues.map((issue) => ({
      path: [part, ...issue.path.map(String)].join('.'),
      message: ValidationError.messageOf(issue, language),
    }))
    const first = details[0]
    super(400, 'VALIDATION_ERROR', first ? `${first.path}: ${first.message}` : 'Invalid request', details)
    this.#issues = issues
    this.#part = part
  }

  /** An issue's message in `language`: our words for a schema's message, Zod's for one of its own. */
  static messageOf(issue: z.core.$ZodIssue, language: Language): string {
    if (language === 'en') return issue.message
    const ours = translateApiMessage(issue.message, language)
    if (ours !== issue.message) return ours
    return zodWords(issue, 'en') === issue.message ? (zodWords(issue, language) ?? issue.message) : issue.message
  }

  /** The same refusal in `language`. */
  in(language: Language): ValidationError {
    return new ValidationError(this.#part, this.#issues, language)
  }
}

export const NUL_MESSAGE = 'Text may not contain NUL characters'

/**
 * Where a NUL character hides in a request part, or null. PostgreSQL cannot store one in text, so
 * every request with one is refused before it reaches a schema or the database, on both engines.
 */
export function pathToNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (depth > 20 || value === null || typeof value !== 'object') return null
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key]
    const found = pathToNul(item, [...path, key], depth + 1)
    if (found) return found
  }
  return null
}

const GENERIC_5XX = 'Something went wrong on our side. Please try again.'
const DATABASE_UNAVAILABLE = 'The database is temporarily unavailable. Please try again in a moment.'

/** Maps Fastify's own error codes to a stable code of ours. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (Content-Type: application/json)' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid Content-Length' },
}

/** Route schemas are Zod schemas: each request part is parsed (and coerced/transformed) with its schema. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = pathToNul(data)
    if (nul !== null) {
      const path = [httpPart ?? 'request', ...nul].join('.')
      return { error: new AppError(400, 'VALIDATION_ERROR', `${path}: ${NUL_MESSAGE}`, [{ path, message: NUL_MESSAGE }]) }
    }
    // The input stays on each issue, so Zod can word its own messages again in the reader's language.
    const result = schema.safeParse(data, { reportInput: true })
    return result.success ? { value: result.data } : { error: new ValidationError(httpPart ?? 'request', result.error.issues) }
  }

export function installErrorHandling(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(zodValidatorCompiler)

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    // The message in the language the request asks for (decision 100); the code stays the same.
    const language = apiLanguage(request.headers['accept-language'], request.headers.cookie)
    const body = (code: string, message: string, details?: unknown) => {
      if (language !== 'en') reply.header('content-language', language)
      return errorBody(code, translateApiMessage(message, language), translateDetails(details, language))
    }
    if (error instanceof ValidationError && language !== 'en') {
      const worded = error.in(language)
      reply.header('content-language', language)
      return reply.status(worded.statusCode).send(errorBody(worded.code, worded.message, worded.details))
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details))
    }
    if (error instanceof CursorError) {
      const path = 'querystring.cursor'
      return reply.status(400).send(body('VALIDATION_ERROR', `${path}: ${error.message}`, [{ path, message: error.message }]))
    }
    const fastifyError = error as FastifyError
    const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined
    if (known) {
      return reply.status(known.status).send(body(known.code, known.message ?? error.message))
    }
    const status = fastifyError.statusCode ?? 500
    if (status === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'))
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(fastifyError.code ?? 'BAD_REQUEST', error.message))
    }
    if (isDatabaseUnavailable(error)) {
      // Down, restarting or unreachable: the client may retry, and the cause is only logged.
      request.log.warn({ err: error }, 'request failed: database unavailable')
      return reply.status(503).header('retry-after', '5').send(body('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE))
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send(body('INTERNAL', GENERIC_5XX))
  })
}

/**
 * What Node itself refuses before the app sees a request (a header section over its 16 kB limit:
 * a 1 MB URL; a request that times out; bytes that are not HTTP), answered in the app's error
 * shape rather than Fastify's default, then the connection closes (Fastify's clientErrorHandler).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request line and headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive']
        : [400, 'Bad Request', 'BAD_REQUEST', 'The request is not valid HTTP']
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy(err)
}
