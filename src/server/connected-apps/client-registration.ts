import { isIPv6 } from 'node:net'
import type { Db } from '#server/db/db.ts'

/**
 * What dynamic client registration (RFC 7591, decision 046) accepts, and what becomes of clients
 * nobody connected (decision 058). Registration needs no account, so every stored byte is bounded.
 */

/** The largest registration body taken: a real MCP client sends well under 2 kB. */
export const REGISTRATION_MAX_BYTES = 16 * 1024
/** A name, a version, a software id, a contact: one line of text. */
export const REGISTRATION_TEXT_MAX = 200
/** One address (redirect, home page, logo, terms, policy). */
export const REGISTRATION_URI_MAX = 2_000
/** How many redirect addresses (and contacts) one client may name. */
export const REGISTRATION_LIST_MAX = 10
/** A client no maker connected within this time after registering is removed. */
export const UNCONSENTED_CLIENT_KEEP_MS = 24 * 60 * 60 * 1000

const TEXT_FIELDS = ['client_name', 'software_id', 'software_version']
const URI_FIELDS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri']
const URI_LIST_FIELDS = ['redirect_uris', 'post_logout_redirect_uris']
const TEXT_LIST_FIELDS = ['contacts']
/**
 * Fields that would make the server fetch or post to an address the client chooses: Accord signs
 * no client in with keys it publishes, and is no OpenID provider whose sessions a client mirrors.
 */
const REFUSED_FIELDS = ['backchannel_logout_uri', 'jwks_uri']

/** A refused registration, in RFC 7591's error shape (section 3.2.2), which OAuth clients read. */
export class RegistrationRefused extends Error {
  constructor(
    readonly error: 'invalid_client_metadata' | 'invalid_redirect_uri',
    message: string,
  ) {
    super(message)
  }
}

const refuse = (message: string) =>
  new RegistrationRefused(message.startsWith('body.redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata', message)

/** Throws RegistrationRefused naming the first field out of bounds; the body is the parsed registration JSON. */
export function checkRegistration(body: unknown, bytes: number): void {
  if (bytes > REGISTRATION_MAX_BYTES) throw refuse(`A client registration is at most ${REGISTRATION_MAX_BYTES} bytes`)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refuse('A client registration is a JSON object')
  const fields = body as Record<string, unknown>
  for (const name of REFUSED_FIELDS) {
    if (fields[name] !== undefined) throw refuse(`body.${name}: Accord does not take ${name} (it never calls a client's server)`)
  }
  for (const name of TEXT_FIELDS) checkString(fields, name, REGISTRATION_TEXT_MAX)
  for (const name of URI_FIELDS) checkString(fields, name, REGISTRATION_URI_MAX)
  for (const name of [...URI_LIST_FIELDS, ...TEXT_LIST_FIELDS]) {
    const value = fields[name]
    if (value === undefined) continue
    if (!Array.isArray(value)) throw refuse(`body.${name}: ${name} is a list`)
    if (value.length > REGISTRATION_LIST_MAX) throw refuse(`body.${name}: at most ${REGISTRATION_LIST_MAX} entries`)
    const max = URI_LIST_FIELDS.includes(name) ? REGISTRATION_URI_MAX : REGISTRATION_TEXT_MAX
    value.forEach((entry, i) => {
      if (typeof entry !== 'string') throw refuse(`body.${name}.${i}: a text`)
      if (entry.length > max) throw refuse(`body.${name}.${i}: at most ${max} characters`)
    })
  }
}

function checkString(fields: Record<string, unknown>, name: string, max: number) {
  const value = fields[name]
  if (value === undefined) return
  if (typeof value !== 'string') throw refuse(`body.${name}: a text`)
  if (value.length > max) throw refuse(`body.${name}: at most ${max} characters`)
}

/**
 * The address a registration is counted against: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's network holds 2^64 addresses, so counting each would limit nothing).
 */
export function registrationAddressKey(ip: string): string {
  const bare = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip
  if (!isIPv6(bare)) return bare
  const [head = '', tail = ''] = bare.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = bare.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * Removes the clients that registered more than a day before `now` and that no maker ever connected
 * (no consent, no token): what a stranger's registrations leave behind. Returns how many went.
 */
export async function sweepUnconsentedClients(db: Db, now: Date): Promise<number> {
  const ex = db.kysely
  const at = new Date(now.getTime() - UNCONSENTED_CLIENT_KEEP_MS)
  // better-auth writes dates as ISO text on SQLite, timestamptz on PostgreSQL.
  const cutoff = db.dialect === 'sqlite' ? at.toISOString() : at
  const stale = await ex
    .selectFrom('oauthClient as k')
    .select('k.clientId')
    .where('k.userId', 'is', null)
    .where('k.createdAt', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('oauthConsent as c')
            .select('c.id')
            .whereRef('c.clientId', '=', 'k.clientId')
            .unionAll(selectFrom('oauthRefreshToken as r').select('r.id').whereRef('r.clientId', '=', 'k.clientId'))
            .unionAll(selectFrom('oauthAccessToken as a').select('a.id').whereRef('a.clientId', '=', 'k.clientId')),
        ),
      ),
    )
    .execute()
  if (stale.length === 0) return 0
  const ids = stale.map((row) => row.clientId)
  await ex.deleteFrom('connected_app_use').where('client_id', 'in', ids).execute()
  await ex.deleteFrom('oauthClientResource').where('clientId', 'in', ids).execute()
  await ex.deleteFrom('oauthClient').where('clientId', 'in', ids).execute()
  return ids.length
}
