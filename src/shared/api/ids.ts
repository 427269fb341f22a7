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
export const idField = z
  .string({ error: ID_MESSAGE })
  .regex(ID_PATTERN, ID_MESSAGE)
  .transform(Number)

export const IdParamSchema = z.object({ id: idField }).strict()

/** The largest id: ids are 32-bit on both engines (PostgreSQL's `integer`), and the contract says so. */
export const MAX_ID = 2 ** 31 - 1

/** A database id in a JSON body: a whole number from 1 to MAX_ID (a larger one could name no row). */
export const bodyIdField = (message = 'Ids are whole numbers from 1') =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, `Ids are at most ${MAX_ID}`)

/**
 * A whole number in a query string, from `min` to `max`, in plain decimal digits only: an empty
 * value, spaces, a sign, `0x10` or `1e1` are refused rather than read as numbers, as ids are.
 */
export const queryIntegerField = (name: string, min: number, max: number) => {
  const message = `${name} is a whole number from ${min} to ${max}, in plain digits`
  return z
    .string({ error: message })
    .regex(/^(0|[1-9][0-9]{0,9})$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
}
