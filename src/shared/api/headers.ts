/** Headers of the API's contract, in a module without zod so any client code can name them. */

/** The request header that makes a create safe to repeat (see server/http/idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/** The response header holding the next page's cursor, on lists answered as plain arrays. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor'
