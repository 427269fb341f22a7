/**
 * A refused or failed API call, typed: `status` is the HTTP status (0 when no answer came back),
 * `code`, `message` and `details` those of the error shape (docs/decisions/002-validation-and-errors.md),
 * so callers branch on fields instead of parsing text. The client's one error type: the API's
 * answers, the identity service's and failures to reach either are all ApiErrors.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
