import type { ConnectedApp } from '#shared/api/connected-apps.ts'
import { isMcpScope, type McpScope } from '#shared/api/mcp-scopes.ts'
import type { Executor } from '#server/db/executor.ts'
import { REDEEMED_CODE_PREFIX } from '#server/connected-apps/redeemed-code.ts'

/**
 * The maker's connected apps (docs/decisions/046): an app is connected while the maker's consent
 * for it stands (better-auth's oauthConsent row). Disconnecting deletes the consent and every
 * token the app holds for the maker; the MCP authenticator (mcp/mcp-auth.ts) reads the consent.
 */

/** better-auth stores lists as JSON: text on SQLite, parsed jsonb on PostgreSQL. */
export function readList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value !== 'string' || value === '') return []
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

const iso = (value: Date | string) => new Date(value).toISOString()

function hostOf(uri: string | undefined): string | null {
  if (!uri) return null
  try {
    return new URL(uri).host || null
  } catch {
    return null
  }
}

export const mcpScopesOf = (value: unknown): McpScope[] => readList(value).filter(isMcpScope)

/** Every app the user connected, newest first, in one query. */
export async function listConnectedApps(ex: Executor, userId: string): Promise<ConnectedApp[]> {
  const rows = await ex
    .selectFrom('oauthConsent as c')
    .innerJoin('oauthClient as k', 'k.clientId', 'c.clientId')
    .leftJoin('connected_app_use as u', (join) => join.onRef('u.client_id', '=', 'c.clientId').on('u.user_id', '=', userId))
    .select(['c.clientId', 'k.name', 'k.redirectUris', 'c.scopes', 'c.createdAt', 'u.last_used_at'])
    .where('c.userId', '=', userId)
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.clientId')
    .execute()
  return rows.map((row) => ({
    clientId: row.clientId,
    name: row.name,
    redirectHost: hostOf(readList(row.redirectUris)[0]),
    scopes: mcpScopesOf(row.scopes),
    connectedAt: iso(row.createdAt),
    lastUsedAt: row.last_used_at,
  }))
}

/**
 * The user's standing consent for the client, when the client is still enabled: when it was given
 * (ms) and what it allows; undefined when the app is not (or no longer) connected.
 */
export async function findConnection(
  ex: Executor,
  userId: string,
  clientId: string,
): Promise<{ consentedAtMs: number; scopes: McpScope[] } | undefined> {
  const row = await ex
    .selectFrom('oauthConsent as c')
    .innerJoin('oauthClient as k', 'k.clientId', 'c.clientId')
    .select(['c.createdAt', 'c.scopes', 'k.disabled'])
    .where('c.userId', '=', userId)
    .where('c.clientId', '=', clientId)
    .executeTakeFirst()
  if (!row || row.disabled === true || row.disabled === 1) return undefined
  return { consentedAtMs: new Date(row.createdAt).getTime(), scopes: mcpScopesOf(row.scopes) }
}

/**
 * Disconnects the app: its access and refresh tokens for the user, the consent and the last-use
 * record, in the caller's transaction. False when the user had not connected it.
 */
export async function disconnectApp(trx: Executor, userId: string, clientId: string): Promise<boolean> {
  const consent = await trx
    .selectFrom('oauthConsent')
    .select('id')
    .where('userId', '=', userId)
    .where('clientId', '=', clientId)
    .executeTakeFirst()
  if (!consent) return false
  await revokeGrant(trx, userId, clientId)
  return true
}

/**
 * Ends one client's grant for the user, whether or not a consent stands: its access and refresh
 * tokens, the consent and the last-use record. Disconnect, a replayed code and a reused refresh
 * token end a grant this way (docs/decisions/057).
 */
export async function revokeGrant(trx: Executor, userId: string, clientId: string): Promise<void> {
  await trx.deleteFrom('oauthAccessToken').where('userId', '=', userId).where('clientId', '=', clientId).execute()
  await trx.deleteFrom('oauthRefreshToken').where('userId', '=', userId).where('clientId', '=', clientId).execute()
  await trx.deleteFrom('oauthConsent').where('userId', '=', userId).where('clientId', '=', clientId).execute()
  await trx.deleteFrom('connected_app_use').where('user_id', '=', userId).where('client_id', '=', clientId).execute()
}

/**
 * Ends every assistant grant of the user (docs/decisions/057): every client's access and refresh
 * tokens, consents and last-use records, in the caller's transaction. A password change, a reset
 * and "sign out everywhere" call it, so whoever once had the password keeps no assistant's access.
 * The clients the user registered stay (they hold no grant of their own).
 */
export async function revokeAllGrants(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom('oauthAccessToken').where('userId', '=', userId).execute()
  await trx.deleteFrom('oauthRefreshToken').where('userId', '=', userId).execute()
  await trx.deleteFrom('oauthConsent').where('userId', '=', userId).execute()
  await trx.deleteFrom('connected_app_use').where('user_id', '=', userId).execute()
}

/** Records that the user's app called the MCP server now (callers throttle: not a write per call). */
export async function recordUse(ex: Executor, userId: string, clientId: string, at: Date): Promise<void> {
  await ex
    .insertInto('connected_app_use')
    .values({ user_id: userId, client_id: clientId, last_used_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ last_used_at: at.toISOString() }))
    .execute()
}

/**
 * Everything OAuth of a user whose account is being deleted: their tokens, consents and last-use
 * records, and the clients they registered themselves (with every other maker's tokens and
 * consents for those clients). Children first: SQLite enforces foreign keys only when asked.
 */
export async function deleteOAuthOfUser(trx: Executor, userId: string): Promise<void> {
  const owned = trx.selectFrom('oauthClient').select('clientId').where('userId', '=', userId)
  await trx
    .deleteFrom('oauthAccessToken')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('clientId', 'in', owned)]))
    .execute()
  await trx
    .deleteFrom('oauthRefreshToken')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('clientId', 'in', owned)]))
    .execute()
  await trx
    .deleteFrom('oauthConsent')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('clientId', 'in', owned)]))
    .execute()
  await trx
    .deleteFrom('connected_app_use')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('client_id', 'in', owned)]))
    .execute()
  await trx
    .deleteFrom('verification')
    .where('identifier', 'like', `${REDEEMED_CODE_PREFIX}%`)
    .where('value', 'like', `${userId} %`)
    .execute()
  await trx.deleteFrom('oauthClientResource').where('clientId', 'in', owned).execute()
  await trx.deleteFrom('oauthClient').where('userId', '=', userId).execute()
}
