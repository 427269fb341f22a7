import { z } from 'zod'
import { queryIntegerField } from '#shared/api/ids.ts'

/**
 * Cursor paging, the same on every list that grows with the user's collection: `limit` rows at a
 * time, and an opaque `cursor` naming where the previous page stopped (the server's encoding of
 * the last row's sort key; a cursor it cannot read answers 400 in the error shape).
 */

export { NEXT_CURSOR_HEADER } from '#shared/api/headers.ts'

/** A cursor as the server hands it out: base64url text, never built by a client. */
export const cursorField = z
  .string({ error: 'A cursor is the text a previous page gave as its next cursor' })
  .max(1200, 'A cursor is at most 1200 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A cursor is the text a previous page gave as its next cursor')
  .meta({ description: 'The x-next-cursor header of the previous page, as it was given: a cursor no page gave out is refused (400).' })

/** `limit` in a query string: a whole number from 1 to `max` in plain digits, `fallback` when absent. */
export const limitField = (fallback: number, max: number) => queryIntegerField('limit', 1, max).default(fallback)
