/**
 * Opaque page cursors (src/shared/api/paging.ts): the last row's sort key, tagged with the order it
 * belongs to, as base64url JSON. Not signed: a cursor only says where to continue within the
 * user's own rows, so an edited one can do no more than start elsewhere. Pure, so repositories
 * make cursors without reaching into http/; http/cursor.ts turns one that does not read into a 400.
 */

type Part = string | number

export function encodeCursor(tag: string, ...key: Part[]): string {
  return Buffer.from(JSON.stringify([tag, ...key])).toString('base64url')
}

/** A cursor's key, checked against the kinds of parts its tag expects; null when it does not read so. */
export function readCursor<const K extends readonly ('string' | 'int')[]>(
  cursor: string,
  tag: string,
  kinds: K,
): { [I in keyof K]: K[I] extends 'int' ? number : string } | null {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(parts) || parts.length !== kinds.length + 1 || parts[0] !== tag) return null
  const key = parts.slice(1)
  const ok = kinds.every((kind, i) => {
    const value: unknown = key[i]
    return kind === 'int'
      ? typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 2 ** 31 - 1
      : typeof value === 'string' && value.length <= 1000 && !value.includes('\u0000')
  })
  return ok ? (key as never) : null
}
