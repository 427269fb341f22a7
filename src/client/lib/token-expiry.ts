/**
 * When the API's bearer ID token (a JWT that lives 15 minutes) is due for renewal, read from the
 * token itself: the page's token cache (auth-client.ts) and the device worker's lent token
 * (offline/lent-token.ts) renew at the same margin, so the page never hands the worker a token the
 * worker would find too old.
 */

/** A token is renewed this long before it expires, so a request never carries a stale one. */
export const TOKEN_RENEW_MARGIN_MS = 60_000

/** The `exp` claim of a JWT in milliseconds, or 0 when it cannot be read (such a token is never kept). */
export function expiryOf(token: string): number {
  try {
    const payload = token.split('.')[1] ?? ''
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof json.exp === 'number' ? json.exp * 1000 : 0
  } catch {
    return 0
  }
}

/** Whether a token expiring at `expiresAt` may still be sent at `now` without renewing it first. */
export function stillFresh(expiresAt: number, now: number): boolean {
  return expiresAt - TOKEN_RENEW_MARGIN_MS > now
}
