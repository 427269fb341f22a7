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
