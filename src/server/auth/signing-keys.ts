import { symmetricDecrypt } from 'better-auth/crypto'
import type { Db } from '#server/db/db.ts'

/**
 * Throws when the identity service's signing keys in the database were encrypted with another
 * secret than this one (decision 058): such a server could verify nothing it signs and would answer
 * 500 to every token request, so it must stop at start and say why. No keys yet is fine: the first
 * is made with this secret.
 */
export async function checkSigningKeysReadable(db: Db, secret: string): Promise<void> {
  const keys = await db.kysely.selectFrom('jwks').select(['id', 'privateKey']).orderBy('createdAt', 'desc').execute()
  if (keys.length === 0) return
  const unreadable: string[] = []
  for (const key of keys) {
    const readable = await symmetricDecrypt({ key: secret, data: JSON.parse(key.privateKey) as string }).then(
      () => true,
      () => false,
    )
    if (!readable) unreadable.push(key.id)
  }
  // The newest key is the one that signs; any readable older one only verifies.
  if (unreadable.includes(keys[0]!.id)) {
    throw new Error(
      `AUTH_SECRET cannot read the identity service's signing keys in the database (${unreadable.length} of ${keys.length}): ` +
        'start with the AUTH_SECRET (or DATA_DIR/auth-secret) they were made with. Every sign-in token would fail otherwise.',
    )
  }
}
