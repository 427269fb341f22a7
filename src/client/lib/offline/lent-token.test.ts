import { describe, expect, it } from 'vitest'
import { lentToken } from '#client/lib/offline/lent-token.ts'

/** A JWT-shaped token expiring at `expSeconds` (the worker reads only its `exp`). */
const jwt = (name: string, expSeconds: number) =>
  `h.${btoa(JSON.stringify({ sub: name, exp: expSeconds }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.s`

describe("the device worker's lent token (decision 065)", () => {
  function setup() {
    let clock = 1_000_000_000_000
    const asks: boolean[] = []
    const lent = lentToken(
      (forceRefresh) => asks.push(forceRefresh),
      () => clock,
    )
    return { lent, asks, advance: (ms: number) => (clock += ms), nowSeconds: () => Math.floor(clock / 1000) }
  }

  it('asks the page once for callers waiting together, and keeps the token while it is fresh', async () => {
    const { lent, asks, nowSeconds, advance } = setup()
    const token = jwt('a', nowSeconds() + 15 * 60)
    const first = lent.get(false)
    const second = lent.get(false)
    expect(asks).toEqual([false])
    lent.receive(token)
    expect(await first).toBe(token)
    expect(await second).toBe(token)
    advance(13 * 60_000)
    expect(await lent.get(false)).toBe(token)
    expect(asks).toEqual([false])
  })

  it('renews before the token lapses: within a minute of its expiry it asks the page instead of sending it to be refused', async () => {
    const { lent, asks, nowSeconds, advance } = setup()
    const old = jwt('old', nowSeconds() + 15 * 60)
    const pending = lent.get(false)
    lent.receive(old)
    await pending
    advance(14 * 60_000 + 1_000)
    const renewed = lent.get(false)
    expect(asks).toEqual([false, false])
    const fresh = jwt('fresh', nowSeconds() + 15 * 60)
    lent.receive(fresh)
    expect(await renewed).toBe(fresh)
    // Long past the first one's expiry, the new one is sent without another ask.
    advance(5 * 60_000)
    expect(await lent.get(false)).toBe(fresh)
    expect(asks).toEqual([false, false])
  })

  it('asks for a new token after a 401 whatever is held, and holds nothing the page could not give', async () => {
    const { lent, asks, nowSeconds } = setup()
    const token = jwt('a', nowSeconds() + 15 * 60)
    const pending = lent.get(false)
    lent.receive(token)
    await pending
    const forced = lent.get(true)
    expect(asks).toEqual([false, true])
    lent.receive(null)
    expect(await forced).toBeNull()
    const next = lent.get(false)
    expect(asks).toEqual([false, true, false])
    lent.receive(token)
    expect(await next).toBe(token)
  })

  it('never keeps a token whose expiry it cannot read', async () => {
    const { lent, asks } = setup()
    const pending = lent.get(false)
    lent.receive('not-a-jwt')
    expect(await pending).toBe('not-a-jwt')
    void lent.get(false)
    expect(asks).toEqual([false, false])
  })
})
