import { z } from 'zod'

/** Ids and whole numbers in paths, queries and bodies: 32-bit, in plain digits, the same on both engines (decision 041). */

const ID_MESSAGE = 'Ids are whole numbers from 1 to 2147483647, written in plain digits'

/**
 * 1 to 2147483647 in plain digits, as a pattern, so the published contract states the bound that
 * the server enforces (a client reading only the pattern would otherwise send 9999999999).
 */
export const ID_PATTERN =
  /^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$/

/**
 * A database id in a path or query: a positive 32-bit integer in plain decimal digits. Spellings
 * that Number() would also read as 1 (1e0, 0x1, 1.0, " 1", 01) are refused, so one resource has
 * exactly one URL.
 */
export const idField = z.string({ error: ID_MESSAGE }).regex(ID_PATTERN, ID_MESSAGE).transform(Number)

export const IdParamSchema = z.object({ id: idField }).strict()

/** The largest id: ids are 32-bit on both engines (PostgreSQL's `integer`), and the contract says so. */
export const MAX_ID = 2 ** 31 - 1

/** A database id in a JSON body: a whole number from 1 to MAX_ID (a larger one could name no row). */
export const bodyIdField = (message = 'Ids are whole numbers from 1') =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, `Ids are at most ${MAX_ID}`)

/** Same-length digit strings lo..hi as regular-expression alternatives (rangePattern's step). */
function sameLengthRange(lo: string, hi: string): string[] {
  if (lo === hi) return [lo]
  if (lo[0] === hi[0]) return sameLengthRange(lo.slice(1), hi.slice(1)).map((rest) => lo[0] + rest)
  const tail = lo.length - 1
  const anyTail = tail === 0 ? '' : tail === 1 ? '[0-9]' : `[0-9]{${tail}}`
  const out: string[] = []
  let first = Number(lo[0])
  let last = Number(hi[0])
  if (lo.slice(1) !== '0'.repeat(tail)) {
    out.push(...sameLengthRange(lo.slice(1), '9'.repeat(tail)).map((rest) => lo[0] + rest))
    first += 1
  }
  const hiFull = hi.slice(1) === '9'.repeat(tail)
  if (!hiFull) last -= 1
  if (first <= last) out.push(`${first === last ? first : `[${first}-${last}]`}${anyTail}`)
  if (!hiFull) out.push(...sameLengthRange('0'.repeat(tail), hi.slice(1)).map((rest) => hi[0] + rest))
  return out
}

/**
 * The whole numbers from min to max (0 <= min <= max) in plain decimal digits, as an anchored
 * pattern: the published contract states a query number's range, which a pattern alone must say
 * (decision 041: a client reading `^[0-9]+$` would send 0 or 9999999999 and be refused).
 */
export function integerRangePattern(min: number, max: number): string {
  const alternatives: string[] = []
  for (let digits = String(min).length; digits <= String(max).length; digits += 1) {
    const lo = Math.max(min, digits === 1 ? 0 : 10 ** (digits - 1))
    const hi = Math.min(max, 10 ** digits - 1)
    alternatives.push(...sameLengthRange(String(lo), String(hi)))
  }
  return `^(?:${alternatives.join('|')})$`
}

/**
 * A whole number in a query string, from `min` to `max`, in plain decimal digits only: an empty
 * value, spaces, a sign, `0x10` or `1e1` are refused rather than read as numbers, as ids are. The
 * pattern itself says the range, so the published contract states it.
 */
export const queryIntegerField = (name: string, min: number, max: number) => {
  const message = `${name} is a whole number from ${min} to ${max}, in plain digits`
  return z
    .string({ error: message })
    .regex(new RegExp(integerRangePattern(min, max)), message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
}
