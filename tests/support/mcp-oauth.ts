import { createHash, randomBytes } from 'node:crypto'
import type { McpScope } from '#shared/api/mcp-scopes.ts'
import { CONSENT_PATH, MCP_PATH } from '#shared/api/connected-apps.ts'
import type { TestAppHandle, TestUser } from '#tests/support/test-db.ts'

/**
 * The real OAuth flow an MCP client runs against Accord (decision 046), step by step through the
 * app's own endpoints: register (RFC 7591), authorise with PKCE and a resource indicator, consent
 * as the signed-in maker, exchange the code. `mcpAccessToken` runs it all for a test that needs a
 * real `/mcp` access token.
 */

type Handle = Pick<TestAppHandle, 'app' | 'config'>

export const TEST_REDIRECT_URI = 'http://127.0.0.1:9/callback'

export type RegisteredClient = { clientId: string; redirectUri: string; name: string }

export type TokenSet = { access_token: string; refresh_token?: string; expires_in: number; scope: string; token_type: string }

/** POST /api/auth/oauth2/register as an MCP client does (a public client, no secret). */
export function registerRequest(t: Handle, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/oauth2/register',
    headers: { 'content-type': 'application/json', ...headers },
    payload: {
      client_name: 'Test Assistant',
      redirect_uris: [TEST_REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...body,
    },
  })
}

export async function registerClient(
  t: Handle,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RegisteredClient> {
  const res = await registerRequest(t, body, headers)
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const json = res.json() as { client_id: string; client_name: string; redirect_uris: string[] }
  return { clientId: json.client_id, redirectUri: json.redirect_uris[0]!, name: json.client_name }
}

/** A PKCE pair (S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The authorisation request's address for the client, for `/mcp`, with the scopes (and offline_access). */
export function authorizeUrl(t: Handle, client: RegisteredClient, scopes: readonly string[], challenge: string, state = 'state-1') {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: [...scopes, 'offline_access'].join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${t.config.publicUrl}${MCP_PATH}`,
  })
  return `/api/auth/oauth2/authorize?${params.toString()}`
}

/** GET the authorisation request as the signed-in maker: the consent page's signed query. */
export async function authorize(t: Handle, user: Pick<TestUser, 'cookie'>, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
  const location = String(res.headers.location ?? '')
  if (res.statusCode !== 302 || !location.includes(CONSENT_PATH))
    throw new Error(`authorize did not ask for consent: ${res.statusCode} ${location} ${res.body}`)
  return new URL(location, t.config.publicUrl).search.slice(1)
}

/**
 * The code for an authorisation request as the signed-in maker: through the consent page when the
 * maker has not yet allowed these scopes, or straight away when they have.
 */
export async function authorizationCode(t: Handle, user: Pick<TestUser, 'cookie'>, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
  const location = new URL(String(res.headers.location ?? ''), t.config.publicUrl)
  const redirect = location.pathname === CONSENT_PATH ? await consent(t, user, location.search.slice(1), { accept: true }) : location
  const code = redirect.searchParams.get('code')
  if (!code) throw new Error(`no code: ${res.statusCode} ${redirect.toString()}`)
  return code
}

/** POST /api/auth/oauth2/consent as the maker, from the consent page's query. */
export function consentRequest(t: Handle, user: Pick<TestUser, 'cookie'>, oauthQuery: string, body: { accept: boolean; scope?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/oauth2/consent',
    headers: { cookie: user.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
    payload: { ...body, oauth_query: oauthQuery },
  })
}

/** Where the consent sends the maker's browser: the client's redirect address with a code (or an error). */
export async function consent(
  t: Handle,
  user: Pick<TestUser, 'cookie'>,
  oauthQuery: string,
  body: { accept: boolean; scope?: string },
): Promise<URL> {
  const res = await consentRequest(t, user, oauthQuery, body)
  if (res.statusCode !== 200) throw new Error(`consent failed: ${res.statusCode} ${res.body}`)
  const json = res.json() as { url?: string; redirect_uri?: string }
  return new URL(String(json.url ?? json.redirect_uri))
}

/** POST /api/auth/oauth2/token with a form body, as OAuth clients send it. */
export function tokenRequest(t: Handle, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  })
}

export function exchangeCode(t: Handle, client: RegisteredClient, code: string, verifier: string) {
  return tokenRequest(t, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    resource: `${t.config.publicUrl}${MCP_PATH}`,
  })
}

export function refresh(t: Handle, client: RegisteredClient, refreshToken: string) {
  return tokenRequest(t, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    resource: `${t.config.publicUrl}${MCP_PATH}`,
  })
}

/**
 * A real access token for `/mcp` for the user, with the scopes they granted (all four unless
 * named), from a freshly registered client (or the one given): register, authorise with PKCE,
 * consent, exchange.
 */
export async function mcpAccessToken(
  t: Handle,
  user: Pick<TestUser, 'cookie'>,
  scopes: readonly McpScope[] = ['journal:read', 'journal:write', 'shelf:read', 'shelf:write'],
  client?: RegisteredClient,
): Promise<{ client: RegisteredClient; tokens: TokenSet }> {
  const app = client ?? (await registerClient(t))
  const { verifier, challenge } = pkce()
  const query = await authorize(t, user, authorizeUrl(t, app, scopes, challenge))
  const redirect = await consent(t, user, query, { accept: true })
  const code = redirect.searchParams.get('code')
  if (!code) throw new Error(`consent gave no code: ${redirect.toString()}`)
  const res = await exchangeCode(t, app, code, verifier)
  if (res.statusCode !== 200) throw new Error(`token exchange failed: ${res.statusCode} ${res.body}`)
  return { client: app, tokens: res.json() as TokenSet }
}
