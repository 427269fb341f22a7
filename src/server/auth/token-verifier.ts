import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose'

export type VerifiedToken = { userId: string }

/** Why a bearer token was refused; the guard turns it into a 401. */
export class TokenRejected extends Error {
  override name = 'TokenRejected'
  constructor(readonly reason: 'expired' | 'invalid' | 'revoked') {
    super(
      reason === 'expired' ? 'The token has expired' : reason === 'revoked' ? "The token's session has ended" : 'The token is not valid',
    )
  }
}

export type TokenVerifier = {
  /**
   * Checks signature, issuer, audience and expiry against the keys in memory, and that the token's
   * session is still live (a database query at most once per session every few seconds).
   */
  verify(token: string): Promise<VerifiedToken>
  /** (Re)loads the signing keys from the identity service. */
  refresh(): Promise<void>
  /**
   * Forgets this process's answers about the user's tokens and sessions (the account was deleted):
   * their tokens are refused here at once, and on other processes within the recheck interval.
   */
  forgetUser(userId: string): void
}

type VerifierOptions = {
  loadKeys: () => Promise<JSONWebKeySet>
  /** This server's address; read at each check, since a server started on port 0 learns it late. */
  issuer: string | (() => string)
  audience: string | (() => string)
  /** An unknown key id reloads the keys at most this often, so forged kids cannot flood the database. */
  minReloadIntervalMs?: number
  /**
   * Whether the session a token was minted for (its `sid` claim) still exists for that user, asked
   * of the database at most once per session every `sessionRecheckMs`, so a signed-out or revoked
   * session's tokens stop working on every process within that time (docs/decisions/014).
   */
  sessionIsLive: (sessionId: string, userId: string) => Promise<boolean>
  sessionRecheckMs?: number
}

/** How long a session's answer is trusted: revocation reaches every process within this. */
export const SESSION_RECHECK_MS = 5_000

const MAX_REMEMBERED = 10_000

/** Verifies the identity service's ID tokens with its public keys, fetched once and on an unknown key id. */
export function createTokenVerifier({
  loadKeys,
  issuer,
  audience,
  minReloadIntervalMs = 30_000,
  sessionIsLive,
  sessionRecheckMs = SESSION_RECHECK_MS,
}: VerifierOptions): TokenVerifier {
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
  const verified = new Map<string, { userId: string; sessionId: string; expiresAtMs: number }>()
  const remember = (token: string, userId: string, sessionId: string, exp: number) => {
    if (verified.size >= MAX_REMEMBERED) verified.delete(verified.keys().next().value as string)
    verified.set(token, { userId, sessionId, expiresAtMs: exp * 1000 })
  }

  // Each session's last answer from the database, shared by all of its tokens; one query in flight per session.
  const sessions = new Map<string, { live: boolean; checkedAt: number; pending: Promise<boolean> | null }>()
  const isLive = async (sessionId: string, userId: string): Promise<boolean> => {
    const key = `${userId}|${sessionId}`
    const known = sessions.get(key)
    if (known && Date.now() - known.checkedAt < sessionRecheckMs) return known.live
    if (known?.pending) return known.pending
    if (sessions.size >= MAX_REMEMBERED) sessions.delete(sessions.keys().next().value as string)
    const entry = known ?? { live: false, checkedAt: -Infinity, pending: null }
    sessions.set(key, entry)
    entry.pending = sessionIsLive(sessionId, userId)
      .then((live) => {
        Object.assign(entry, { live, checkedAt: Date.now() })
        return live
      })
      .finally(() => {
        entry.pending = null
      })
    return entry.pending
  }

  const check = async (token: string): Promise<VerifiedToken> => {
    const known = verified.get(token)
    if (known && Date.now() >= known.expiresAtMs) verified.delete(token)
    else if (known) {
      if (!(await isLive(known.sessionId, known.userId))) throw new TokenRejected('revoked')
      return { userId: known.userId }
    }
    const keySet = keys ?? (await load())
    const { payload } = await jwtVerify(token, keySet, {
      issuer: typeof issuer === 'function' ? issuer() : issuer,
      audience: typeof audience === 'function' ? audience() : audience,
      algorithms: ['EdDSA'],
      requiredClaims: ['sub', 'exp', 'sid'],
      clockTolerance: 5,
    })
    const userId = String(payload.sub)
    const sessionId = String(payload.sid)
    if (!(await isLive(sessionId, userId))) throw new TokenRejected('revoked')
    remember(token, userId, sessionId, payload.exp!)
    return { userId }
  }

  return {
    refresh: async () => {
      await load()
    },
    forgetUser(userId) {
      for (const [token, entry] of verified) if (entry.userId === userId) verified.delete(token)
      for (const key of sessions.keys()) if (key.startsWith(`${userId}|`)) sessions.delete(key)
    },
    async verify(token) {
      try {
        return await check(token)
      } catch (err) {
        if (err instanceof TokenRejected) throw err
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
