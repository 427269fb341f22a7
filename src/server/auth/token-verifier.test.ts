import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { createTokenVerifier, TokenRejected } from '#server/auth/token-verifier.ts'

const ISSUER = 'http://accord.test'

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' }
  const sign = (claims: { sub?: string; exp?: string; iss?: string; aud?: string } = {}) => {
    const jwt = new SignJWT({})
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

describe('createTokenVerifier', () => {
  it('loads the keys once and verifies many tokens from memory', async () => {
    const key = await signingKey('k1')
    const loadKeys = vi.fn(async (): Promise<JSONWebKeySet> => ({ keys: [key.jwk] }))
    const verifier = createTokenVerifier({ loadKeys, issuer: ISSUER, audience: ISSUER })
    for (const sub of ['a', 'b', 'c']) {
      expect(await verifier.verify(await key.sign({ sub }))).toEqual({ userId: sub })
    }
    expect(loadKeys).toHaveBeenCalledTimes(1)
  })

  it('checks a repeated token once, and refuses it from memory once it has expired', async () => {
    const key = await signingKey('k1')
    const verifier = createTokenVerifier({ loadKeys: async () => ({ keys: [key.jwk] }), issuer: ISSUER, audience: ISSUER })
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
    const verifier = createTokenVerifier({ loadKeys, issuer: ISSUER, audience: ISSUER, minReloadIntervalMs: 0 })
    await verifier.refresh()
    published = [first.jwk, second.jwk]
    expect(await verifier.verify(await second.sign())).toEqual({ userId: 'user-1' })
    expect(loadKeys).toHaveBeenCalledTimes(2)
  })

  it('reloads at most once per interval for unknown key ids', async () => {
    const known = await signingKey('k1')
    const stranger = await signingKey('nobody')
    const loadKeys = vi.fn(async (): Promise<JSONWebKeySet> => ({ keys: [known.jwk] }))
    const verifier = createTokenVerifier({ loadKeys, issuer: ISSUER, audience: ISSUER, minReloadIntervalMs: 60_000 })
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
  ])('refuses a token with %s', async (_case, claims) => {
    const key = await signingKey('k1')
    const verifier = createTokenVerifier({ loadKeys: async () => ({ keys: [key.jwk] }), issuer: ISSUER, audience: ISSUER })
    await expect(verifier.verify(await key.sign(claims))).rejects.toEqual(new TokenRejected('invalid'))
  })

  it('tells an expired token apart', async () => {
    const key = await signingKey('k1')
    const verifier = createTokenVerifier({ loadKeys: async () => ({ keys: [key.jwk] }), issuer: ISSUER, audience: ISSUER })
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
    const verifier = createTokenVerifier({ loadKeys, issuer: ISSUER, audience: ISSUER })
    const token = await key.sign()
    await expect(verifier.verify(token)).rejects.toThrow('database down')
    expect(await verifier.verify(token)).toEqual({ userId: 'user-1' })
  })
})
