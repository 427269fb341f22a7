import { RedeemResponseSchema, type RedeemResponse } from '#shared/api/redeem.ts'
import type { RedeemFormValues } from '#shared/domain/redeem.ts'
import { send } from '#client/lib/http.ts'

export const REDEEM_FAILED_MESSAGE = "We couldn't submit your claim. Please try again."

/**
 * POST /api/redeem. A public call: no session, so it goes through the one transport without the
 * signed-in API helper's token. Throws an
 * Error whose message is fit to show: the server's own for a 429 or 400, else a generic one.
 * The server checks the body against RedeemRequestSchema.
 */
export async function submitRedeem(body: RedeemFormValues): Promise<RedeemResponse> {
  let res: Response
  try {
    res = await send('/api/redeem', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  } catch (err) {
    throw new Error(REDEEM_FAILED_MESSAGE, { cause: err })
  }
  const json: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const message = (json as { error?: { message?: unknown } } | null)?.error?.message
    const shown = (res.status === 429 || res.status === 400) && typeof message === 'string' ? message : REDEEM_FAILED_MESSAGE
    throw new Error(shown, { cause: new Error(`${res.status}: ${JSON.stringify(json)}`) })
  }
  const parsed = RedeemResponseSchema.safeParse(json)
  if (!parsed.success) throw new Error(REDEEM_FAILED_MESSAGE, { cause: parsed.error })
  return parsed.data
}
