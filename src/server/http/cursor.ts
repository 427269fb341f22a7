import { AppError } from '#server/http/errors.ts'
import { readCursor } from '#server/shared/cursor.ts'

/**
 * Opaque page cursors as a request sends them (src/server/shared/cursor.ts makes and reads them):
 * one that does not decode to the expected shape is a 400 in the error shape.
 */

export { encodeCursor } from '#server/shared/cursor.ts'

const INVALID = 'This cursor is not one a page gave out: start again from the first page'

function invalidCursor(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', `querystring.cursor: ${INVALID}`, [{ path: 'querystring.cursor', message: INVALID }])
}

/** A cursor's key, checked against the kinds of parts its tag expects; throws a 400 otherwise. */
export function decodeCursor<const K extends readonly ('string' | 'int')[]>(
  cursor: string,
  tag: string,
  kinds: K,
): { [I in keyof K]: K[I] extends 'int' ? number : string } {
  const key = readCursor(cursor, tag, kinds)
  if (key === null) throw invalidCursor()
  return key
}
