import { useQuery } from '@tanstack/react-query'
import { isMcpScope, type McpScope } from '#shared/api/mcp-scopes.ts'
import { ApiError } from '#client/lib/api-error.ts'
import { send } from '#client/lib/http.ts'

/**
 * The consent step of connecting an AI assistant (docs/decisions/046): the authorisation server
 * (better-auth's OAuth provider at /api/auth/oauth2/*) sends the maker here with the request's
 * parameters, signed; the page answers with the scopes allowed, and the server sends the browser
 * back to the assistant with a code, or with access_denied.
 */

export type ConsentRequest = {
  clientId: string
  /** The Accord scopes the assistant asked for, in the order MCP_SCOPES lists them. */
  scopes: McpScope[]
  /** Whether it asked to stay connected (a refresh token). */
  offline: boolean
  /** Where the maker will be sent back: the redirect address's host. */
  redirectHost: string | null
  /** The signed query, sent back as it came. */
  oauthQuery: string
}

function hostOf(uri: string | null): string | null {
  try {
    return new URL(uri ?? '').host || null
  } catch {
    return null
  }
}

const ORDER: readonly McpScope[] = ['journal:read', 'journal:write', 'shelf:read', 'shelf:write']

/** The request in the page's address; null when it is not one (no client, or not signed). */
export function readConsentRequest(search: string): ConsentRequest | null {
  const oauthQuery = search.replace(/^\?/, '')
  const params = new URLSearchParams(oauthQuery)
  const clientId = params.get('client_id')
  if (!clientId || !params.get('sig')) return null
  const asked = (params.get('scope') ?? '').split(' ').filter(Boolean)
  return {
    clientId,
    scopes: ORDER.filter((scope) => asked.includes(scope) && isMcpScope(scope)),
    offline: asked.includes('offline_access'),
    redirectHost: hostOf(params.get('redirect_uri')),
    oauthQuery,
  }
}

export const CONSENT_LOAD_FAILED = 'Accord could not load this app’s details.'
export const CONSENT_FAILED = 'Accord could not record your answer. Try again.'
export const CONSENT_UNKNOWN_APP = 'Accord does not know this app. Start connecting again from your assistant.'
export const CONSENT_EXPIRED = 'This request has expired. Start connecting again from your assistant.'

/** GET /api/auth/oauth2/public-client: the name the app registered with. */
async function getClientName(clientId: string): Promise<string | null> {
  let res: Response
  try {
    res = await send(`/api/auth/oauth2/public-client?client_id=${encodeURIComponent(clientId)}`, { timeoutMs: 10_000 })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', CONSENT_LOAD_FAILED)
  }
  if (res.status === 404) throw new ApiError(404, 'NOT_FOUND', CONSENT_UNKNOWN_APP)
  if (!res.ok) throw new ApiError(res.status, `HTTP_${res.status}`, CONSENT_LOAD_FAILED)
  const body = (await res.json().catch(() => null)) as { client_name?: unknown } | null
  return typeof body?.client_name === 'string' && body.client_name.trim() ? body.client_name.trim() : null
}

export function useClientName(clientId: string) {
  return useQuery({ queryKey: ['oauth-client', clientId], queryFn: () => getClientName(clientId), retry: false })
}

/**
 * POST /api/auth/oauth2/consent: allow (with the scopes ticked) or deny. Answers the address to
 * send the browser to: the assistant's, with a code or with access_denied.
 */
export async function answerConsent(request: ConsentRequest, answer: { accept: boolean; scopes: McpScope[] }): Promise<string> {
  const scope = [...answer.scopes, ...(request.offline ? ['offline_access'] : [])].join(' ')
  let res: Response
  try {
    res = await send('/api/auth/oauth2/consent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accept: answer.accept, ...(answer.accept ? { scope } : {}), oauth_query: request.oauthQuery }),
    })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', CONSENT_FAILED)
  }
  const body = (await res.json().catch(() => null)) as { url?: unknown; redirect_uri?: unknown; error_description?: unknown } | null
  const url = typeof body?.url === 'string' ? body.url : typeof body?.redirect_uri === 'string' ? body.redirect_uri : null
  if (!res.ok || !url) {
    const expired = typeof body?.error_description === 'string' && /signature|expired/i.test(body.error_description)
    throw new ApiError(res.status, `HTTP_${res.status}`, expired ? CONSENT_EXPIRED : CONSENT_FAILED)
  }
  return url
}
