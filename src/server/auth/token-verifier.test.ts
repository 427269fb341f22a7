import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { createTokenVerifier, TokenRejected } from '#server/auth/token-verifier.ts'

const ISSUER = 'http://accord.test'

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' }
  const sign = (claims: { sub?: string; exp?: string; iss?: string; aud?: string; sid?: string } = {}) => {
    const jwt = new SignJWT(claims.sid === '' ? {} : { sid: claims.sid ?? 'session-1' })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? ISSUER)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? '15m')
    if (claims.sub !== '') jwt.setSubject(claims.sub ?? 'user-1')
    return jwt.sign(privateKey)
  }
  return { jwk, sign }
}

const alwaysLive = async () => true

describe('createTokenVerifier', () => {
  it('loads the keys once and verifies many tokens from memory', async () => {
    const key = await signingKey('k1')
    const loadKeys = vi.fn(async (): Promise<JSONWebKeySet> => ({ keys: [key.jwk] }))
    const verifier = createTokenVerifier({ sessionIsLive: alwaysLive, loadKeys, issuer: ISSUER, audience: ISSUER })
    for (const sub of ['a', 'b', 'c']) {
      expect(await verifier.verify(await key.sign({ sub }))).toEqual({ userId: sub })
    }
    expect(loadKeys).toHaveBeenCalledTimes(1)
  })

  it('checks a repeated token once, and refuses it from memory once it has expired', async () => {
    const key = await signingKey('k1')
    const verifier = createTokenVerifier({
      sessionIsLive: alwaysLive,
      loadKeys: async () => ({ keys: [key.jwk] }),
      issuer: ISSUER,
      audience: ISSUER,
    })
    const token = await key.sign({ sub: 'repeat', exp: '2s' })
    expect(await verifier.verify(token)).toEqual({ userId: 'repeat' })
    expect(await verifier.verify(token)).toEqual({ userId: 'repeat' })
    vi.useFakeTimers({ now: Date.now() + 60_000 })
    try {
      await expect(verifier.verify(token)).rejects.toMatchObject({ reason: 'expired' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('reloads the keys once for a key id it has not seen, then accepts the new key', async () => {
    const first = await signingKey('k1')
    const second = await signingKey('k2')
    let published = [first.jwk]
    const loadKeys = vi.fn(async (): Promise<JSONWebKeySet> => ({ keys: published }))
    const verifier = createTokenVerifier({ sessionIsLive: alwaysLive, loadKeys, issuer: ISSUER, audience: ISSUER, minReloadIntervalMs: 0 })
    await verifier.refresh()
    published = [first.jwk, second.jwk]
    expect(await verifier.verify(await second.sign())).toEqual({ userId: 'user-1' })
    expect(loadKeys).toHaveBeenCalledTimes(2)
  })

  it('reloads at most once per interval for unknown key ids', async () => {
    const known = await signingKey('k1')
    const stranger = await signingKey('nobody')
    const loadKeys = vi.fn(async (): Promise<JSONWebKeySet> => ({ keys: [known.jwk] }))
    const verifier = createTokenVerifier({
      sessionIsLive: alwaysLive,
      loadKeys,
      issuer: ISSUER,
      audience: ISSUER,
      minReloadIntervalMs: 60_000,
    })
    await verifier.refresh()
    for (let i = 0; i < 5; i++) {
      await expect(verifier.verify(await stranger.sign())).rejects.toEqual(new TokenRejected('invalid'))
    }
    expect(loadKeys).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['another issuer', { iss: 'http://elsewhere.test' }],
    ['another audience', { aud: 'http://elsewhere.test' }],
    ['no subject', { sub: '' }],
    ['no session id', { sid: '' }],
  ])('refuses a token with %s', async (_case, claims) => {
    const key = await signingKey('k1')
    const verifier = createTokenVerifier({
      sessionIsLive: alwaysLive,
      loadKeys: async () => ({ keys: [key.jwk] }),
      issuer: ISSUER,
      audience: ISSUER,
    })
    await expect(verifier.verify(await key.sign(claims))).rejects.toEqual(new TokenRejected('invalid'))
  })

  it('tells an expired token apart', async () => {
    const key = await signingKey('k1')
    const verifier = createTokenVerifier({
      sessionIsLive: alwaysLive,
      loadKeys: async () => ({ keys: [key.jwk] }),
      issuer: ISSUER,
      audience: ISSUER,
    })
    const err = await verifier.verify(await key.sign({ exp: '1 minute ago' })).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TokenRejected)
    expect((err as TokenRejected).reason).toBe('expired')
  })

  it('lets a failure to load the keys through as a server fault, and retries next time', async () => {
    const key = await signingKey('k1')
    const loadKeys = vi
      .fn<() => Promise<JSONWebKeySet>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValue({ keys: [key.jwk] })
    const verifier = createTokenVerifier({ sessionIsLive: alwaysLive, loadKeys, issuer: ISSUER, audience: ISSUER })
    const token = await key.sign()
    await expect(verifier.verify(token)).rejects.toThrow('database down')
    expect(await verifier.verify(token)).toEqual({ userId: 'user-1' })
  })

  it('refuses the token of a session that has ended, and asks about a session at most every few seconds', async () => {
    const key = await signingKey('k1')
    const live = new Set(['s1', 's2'])
    const sessionIsLive = vi.fn(async (sessionId: string, userId: string) => userId === 'user-1' && live.has(sessionId))
    const verifier = createTokenVerifier({
      loadKeys: async () => ({ keys: [key.jwk] }),
      issuer: ISSUER,
      audience: ISSUER,
      sessionIsLive,
      sessionRecheckMs: 5_000,
    })
    const first = await key.sign({ sid: 's1' })
    const second = await key.sign({ sid: 's1', exp: '14m' })
    const other = await key.sign({ sid: 's2' })
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    try {
      for (let i = 0; i < 20; i++) expect(await verifier.verify(i % 2 ? first : second)).toEqual({ userId: 'user-1' })
      expect(await verifier.verify(other)).toEqual({ userId: 'user-1' })
      // One question per session, however many tokens and requests.
      expect(sessionIsLive).toHaveBeenCalledTimes(2)

      live.delete('s1')
      vi.advanceTimersByTime(4_000)
      expect(await verifier.verify(first)).toEqual({ userId: 'user-1' })
      vi.advanceTimersByTime(1_001)
      await expect(verifier.verify(first)).rejects.toEqual(new TokenRejected('revoked'))
      await expect(verifier.verify(second)).rejects.toEqual(new TokenRejected('revoked'))
      // Another session of the same user is not affected.
      expect(await verifier.verify(other)).toEqual({ userId: 'user-1' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks the database once for a burst of requests on a new session', async () => {
    const key = await signingKey('k1')
    const sessionIsLive = vi.fn(async () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 20)))
    const verifier = createTokenVerifier({ loadKeys: async () => ({ keys: [key.jwk] }), issuer: ISSUER, audience: ISSUER, sessionIsLive })
    const token = await key.sign()
    const results = await Promise.all(Array.from({ length: 10 }, () => verifier.verify(token)))
    expect(results).toEqual(Array.from({ length: 10 }, () => ({ userId: 'user-1' })))
    expect(sessionIsLive).toHaveBeenCalledTimes(1)
  })

  it('refuses a token whose session belongs to someone else', async () => {
    const key = await signingKey('k1')
    const sessionIsLive = vi.fn(async (_sessionId: string, userId: string) => userId === 'owner')
    const verifier = createTokenVerifier({ loadKeys: async () => ({ keys: [key.jwk] }), issuer: ISSUER, audience: ISSUER, sessionIsLive })
    await expect(verifier.verify(await key.sign({ sub: 'intruder', sid: 'owners-session' }))).rejects.toEqual(new TokenRejected('revoked'))
  })
})
