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

/**
 * The ApiError of a refused answer (here, not in api-client.ts, so the device worker reads refusals
 * the same way without the page's session code): its error shape when it has one, else the body text or status text.
 */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '')
  let shape: { code?: unknown; message?: unknown; details?: unknown } | undefined
  try {
    shape = (JSON.parse(text) as { error?: typeof shape } | null)?.error ?? undefined
  } catch {
    // not JSON: the text itself is the message
  }
  const code = typeof shape?.code === 'string' ? shape.code : `HTTP_${res.status}`
  const message = typeof shape?.message === 'string' ? shape.message : text.trim() || res.statusText || `HTTP ${res.status}`
  return new ApiError(res.status, code, message, shape?.details)
}

/**
 * A refused request's details ({ path: 'body.items.2.percent', message }) on a form's fields:
 * `fieldOf` names the field a path belongs to, or null; the first message for a field wins. When
 * no detail names a field the error's own message stays the form's; anything but an ApiError is
 * "Something went wrong". Every form maps a refusal this way (docs/architecture.md).
 */
export function formRefusal<F extends string>(
  error: unknown,
  fieldOf: (path: string) => F | null,
): { fields: Partial<Record<F, string>>; message: string } {
  const fields: Partial<Record<F, string>> = {}
  if (!(error instanceof ApiError)) return { fields, message: 'Something went wrong. Please try again.' }
  for (const detail of Array.isArray(error.details) ? (error.details as unknown[]) : []) {
    if (typeof detail !== 'object' || detail === null) continue
    const { path, message } = detail as { path?: unknown; message?: unknown }
    if (typeof path !== 'string' || typeof message !== 'string') continue
    const field = fieldOf(path)
    if (field !== null) fields[field] ??= message
  }
  return { fields, message: Object.keys(fields).length > 0 ? 'Please check the fields marked below.' : error.message }
}
