import type { FastifyBaseLogger } from 'fastify'
import type { JSONWebKeySet } from 'jose'
import { resolveAuthSecret } from '#server/auth/auth-secret.ts'
import { createAuth, tokenIssuer, type Auth } from '#server/auth/auth.ts'
import { createTokenVerifier, type TokenVerifier } from '#server/auth/token-verifier.ts'
import { sessionIsLive } from '#server/auth/sessions.repo.ts'
import { checkSigningKeysReadable } from '#server/auth/signing-keys.ts'
import type { Db } from '#server/db/db.ts'
import { whileHolding } from '#server/db/locks.ts'
import type { Config } from '#server/env.ts'
import { createMailer, type Mailer } from '#server/mail/mailer.ts'

/** The identity service running in this process, and what the rest of the server needs from it. */
export type Identity = {
  auth: Auth
  verifier: TokenVerifier
  mailer: Mailer
  /**
   * Listeners told when assistant grants of a user were revoked (all: a new password, "sign out
   * everywhere"; one client's: a replayed code, a reused refresh token): the MCP authenticator forgets its answers about them (mcp-auth.ts).
   */
  grantsRevoked: Set<(userId: string, clientId?: string) => void>
  /** Tells the listeners that grants of the user ended here (Disconnect, account deletion). */
  endGrants: (userId: string, clientId?: string) => void
  /** Rejects when the secret cannot read the signing keys in the database (main.ts stops then). */
  checkSecret: () => Promise<void>
  close: () => void
}

/**
 * Built on first use, so building the app touches neither DATA_DIR nor the database; main.ts
 * loads the signing keys (and with them the secret) before listening.
 */
export function createIdentity(config: Config, db: Db, log: FastifyBaseLogger): Identity {
  const mailer = createMailer(config, log.child({ module: 'mail' }))
  let auth: Auth | null = null
  const grantsRevoked = new Set<(userId: string, clientId?: string) => void>()
  const endGrants = (userId: string, clientId?: string) => {
    for (const listener of grantsRevoked) listener(userId, clientId)
  }
  let secret: string | null = null
  const getSecret = () => (secret ??= resolveAuthSecret(config.authSecret, config.dataDir))
  const getAuth = () =>
    (auth ??= createAuth({
      config,
      db,
      mailer,
      log: log.child({ module: 'auth' }),
      secret: getSecret(),
      onGrantsRevoked: endGrants,
    }))
  const verifier = createTokenVerifier({
    // In-process call: better-auth reads its keys, creating the first one on a new database. Two
    // processes starting on an empty database take turns, so they create one key, not one each.
    loadKeys: async () => (await whileHolding(db.kysely, 'identity-signing-key', () => getAuth().api.getJwks())) as JSONWebKeySet,
    issuer: () => tokenIssuer(config),
    audience: () => tokenIssuer(config),
    sessionIsLive: (sessionId, userId) => sessionIsLive(db.kysely, sessionId, userId),
  })
  return {
    get auth() {
      return getAuth()
    },
    verifier,
    mailer,
    grantsRevoked,
    endGrants,
    checkSecret: () => checkSigningKeysReadable(db, getSecret()),
    close: () => mailer.close(),
  }
}
