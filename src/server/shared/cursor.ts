/**
 * Opaque page cursors (src/shared/api/paging.ts): the last row's sort key, tagged with the order it
 * belongs to, as base64url JSON. Not signed: a cursor only says where to continue within the
 * user's own rows, so an edited one can do no more than start elsewhere. One that does not decode
 * to the expected shape throws a CursorError: the request's fault, which http/errors.ts answers as
 * a 400 VALIDATION_ERROR on querystring.cursor. The codec is the repositories' (they page rows by
 * it), so it lives below them and knows no HTTP.
 */

type Part = string | number

export function encodeCursor(tag: string, ...key: Part[]): string {
  return Buffer.from(JSON.stringify([tag, ...key])).toString('base64url')
}

/** A cursor that no page gave out: the request's fault, never the server's. */
export class CursorError extends Error {
  constructor() {
    super('This cursor is not one a page gave out: start again from the first page')
  }
}

const invalidCursor = () => new CursorError()

/** A cursor's key, checked against the kinds of parts its tag expects; throws a CursorError otherwise. */
export function decodeCursor<const K extends readonly ('string' | 'int')[]>(
  cursor: string,
  tag: string,
  kinds: K,
): { [I in keyof K]: K[I] extends 'int' ? number : string } {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (!Array.isArray(parts) || parts.length !== kinds.length + 1 || parts[0] !== tag) throw invalidCursor()
  const key = parts.slice(1)
  kinds.forEach((kind, i) => {
    const value: unknown = key[i]
    const ok =
      kind === 'int'
        ? typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 2 ** 31 - 1
        : typeof value === 'string' && value.length <= 1000 && !value.includes('\u0000')
    if (!ok) throw invalidCursor()
  })
  return key as never
}

/** A cursor's key as decodeCursor reads it, or null when it does not read so. */
export function readCursor<const K extends readonly ('string' | 'int')[]>(
  cursor: string,
  tag: string,
  kinds: K,
): { [I in keyof K]: K[I] extends 'int' ? number : string } | null {
  try {
    return decodeCursor(cursor, tag, kinds)
  } catch (error) {
    if (error instanceof CursorError) return null
    throw error
  }
}
