import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose'

export type VerifiedToken = { userId: string }

/** Why a bearer token was refused; the guard turns it into a 401. */
export class TokenRejected extends Error {
  override name = 'TokenRejected'
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The token has expired' : 'The token is not valid')
  }
}

export type TokenVerifier = {
  /** Checks signature, issuer, audience and expiry against the keys in memory; no database access. */
  verify(token: string): Promise<VerifiedToken>
  /** (Re)loads the signing keys from the identity service. */
  refresh(): Promise<void>
}

type VerifierOptions = {
  loadKeys: () => Promise<JSONWebKeySet>
  issuer: string
  audience: string
  /** An unknown key id reloads the keys at most this often, so forged kids cannot flood the database. */
  minReloadIntervalMs?: number
}

const MAX_REMEMBERED = 10_000

/** Verifies the identity service's ID tokens with its public keys, fetched once and on an unknown key id. */
export function createTokenVerifier({ loadKeys, issuer, audience, minReloadIntervalMs = 30_000 }: VerifierOptions): TokenVerifier {
  type KeySet = ReturnType<typeof createLocalJWKSet>
  let keys: KeySet | null = null
  let loadedAt = -Infinity
  let loading: Promise<KeySet> | null = null

  const load = () => {
    loading ??= loadKeys()
      .then((jwks) => {
        keys = createLocalJWKSet(jwks)
        loadedAt = Date.now()
        return keys
      })
      .finally(() => {
        loading = null
      })
    return loading
  }

  // A client sends the same token for up to 15 minutes: remember what verified, until it expires,
  // so a signature is checked once per token rather than once per request.
  const verified = new Map<string, { userId: string; expiresAtMs: number }>()
  const remember = (token: string, userId: string, exp: number) => {
    if (verified.size >= MAX_REMEMBERED) verified.delete(verified.keys().next().value as string)
    verified.set(token, { userId, expiresAtMs: exp * 1000 })
  }

  const check = async (token: string): Promise<VerifiedToken> => {
    const known = verified.get(token)
    if (known) {
      if (Date.now() < known.expiresAtMs) return { userId: known.userId }
      verified.delete(token)
    }
    const keySet = keys ?? (await load())
    const { payload } = await jwtVerify(token, keySet, {
      issuer,
      audience,
      algorithms: ['EdDSA'],
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 5,
    })
    const userId = String(payload.sub)
    remember(token, userId, payload.exp!)
    return { userId }
  }

  return {
    refresh: async () => {
      await load()
    },
    async verify(token) {
      try {
        return await check(token)
      } catch (err) {
        if (err instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt >= minReloadIntervalMs) {
          // A key minted after our last load (another process, or a rotation): reload once.
          await load()
          return check(token).catch((retryErr: unknown) => {
            throw classify(retryErr)
          })
        }
        throw classify(err)
      }
    },
  }
}

function classify(err: unknown): unknown {
  if (err instanceof errors.JWTExpired) return new TokenRejected('expired')
  // Any other jose error is a bad token; anything else (keys not loadable) is our fault, a 500.
  if (err instanceof errors.JOSEError) return new TokenRejected('invalid')
  return err
}
