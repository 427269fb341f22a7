import { z } from 'zod'

/** The one error shape every endpoint answers with (src/server/http/errors.ts). */
export const ErrorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .meta({ id: 'Error' })

const NoContent = z.null().describe('No content')

/**
 * A route's `response` schemas for the published contract: its success answer under `status`,
 * and the error shape for every 4xx and 5xx.
 */
export function answers(status: 200 | 201 | 204, schema: z.ZodType = NoContent) {
  return { [status]: schema, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema }
}

/**
 * The 429 of a route with a rate limit or a limit on how many run at once: the error shape, and
 * (added to the document by src/server/openapi/openapi.ts) a Retry-After header in seconds.
 */
export function tooMany(description: string) {
  return { 429: ErrorResponseSchema.describe(description) }
}

/** The header every declared 429 carries, as the document states it. */
export const RETRY_AFTER_HEADER = {
  'retry-after': { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again' },
}
