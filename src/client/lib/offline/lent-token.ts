import { expiryOf, stillFresh } from '#client/lib/token-expiry.ts'

/** The device worker's side of the token the page lends it (decision 065). */
export type LentToken = {
  /**
   * The token to send: the one held while it is fresh (its `exp` more than a minute away), else
   * one asked of the page (`need-token`); `forceRefresh` asks for a new one whatever is held
   * (after a 401). Callers waiting at the same time share one ask. Null when none could be had.
   */
  get(forceRefresh: boolean): Promise<string | null>
  /** The page's answer to an ask (`token`): held from now on, and given to every caller waiting. */
  receive(token: string | null): void
}

/**
 * The token the worker borrows. It is renewed before it lapses, by its own expiry (the same margin
 * as the page's cache, lib/token-expiry.ts), rather than kept until a request is refused: a held
 * token used to be sent until a 401 came back, one refused request every 15 minutes of filling or
 * syncing. No timer: a token is asked for only when a request needs one.
 */
export function lentToken(ask: (forceRefresh: boolean) => void, now: () => number = Date.now): LentToken {
  let held: { token: string; expiresAt: number } | null = null
  let waiters: ((token: string | null) => void)[] = []
  return {
    get(forceRefresh) {
      if (!forceRefresh && held && stillFresh(held.expiresAt, now())) return Promise.resolve(held.token)
      return new Promise((resolve) => {
        waiters.push(resolve)
        if (waiters.length === 1) ask(forceRefresh)
      })
    },
    receive(token) {
      held = token ? { token, expiresAt: expiryOf(token) } : null
      const waiting = waiters
      waiters = []
      for (const resolve of waiting) resolve(token)
    },
  }
}
