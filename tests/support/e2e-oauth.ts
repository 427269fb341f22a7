import { createHash, randomBytes } from 'node:crypto'
import { request, type Page } from '@playwright/test'

/**
 * An AI assistant connecting to Accord in a browser test (decision 046): its registration and
 * authorisation address, through the server's real OAuth endpoints.
 */

export const E2E_REDIRECT_URI = 'http://127.0.0.1:9/callback'

export type E2eClient = { clientId: string; name: string }

/** Registers an MCP client as one would (a public client coming back to this machine). */
export async function registerE2eClient(name = 'Claude Test'): Promise<E2eClient> {
  // The assistant's own request: no cookie of the maker's.
  const assistant = await request.newContext({ baseURL: process.env.E2E_BASE_URL! })
  try {
    const res = await assistant.post('/api/auth/oauth2/register', {
      data: {
        client_name: name,
        redirect_uris: [E2E_REDIRECT_URI],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    })
    if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`)
    return { clientId: ((await res.json()) as { client_id: string }).client_id, name }
  } finally {
    await assistant.dispose()
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The authorisation request the assistant opens in the maker's browser (all four scopes, stay connected). */
export function authorizePath(
  client: E2eClient,
  challenge: string,
  scopes = 'journal:read journal:write shelf:read shelf:write offline_access',
) {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: E2E_REDIRECT_URI,
    scope: scopes,
    state: 'e2e-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${process.env.E2E_BASE_URL!}/mcp`,
  })
  return `/api/auth/oauth2/authorize?${params.toString()}`
}

/** The consent page's address for the client, as the server redirects a signed-in maker to it. */
export async function consentPath(page: Page, client: E2eClient): Promise<string> {
  const res = await page.request.get(authorizePath(client, pkcePair().challenge), { maxRedirects: 0 })
  const location = res.headers().location ?? ''
  if (res.status() !== 302 || !location.includes('/oauth/consent')) throw new Error(`no consent redirect: ${res.status()} ${location}`)
  const url = new URL(location, process.env.E2E_BASE_URL!)
  return `${url.pathname}${url.search}`
}

/** Connects the client for the page's signed-in maker without the page (the consent answered through the API). */
export async function connectE2eClient(page: Page, client: E2eClient): Promise<void> {
  const path = await consentPath(page, client)
  const res = await page.request.post('/api/auth/oauth2/consent', {
    data: { accept: true, oauth_query: path.split('?')[1] },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  if (!res.ok()) throw new Error(`consent failed: ${res.status()} ${await res.text()}`)
}

/** Exchanges a code at the token endpoint, as the assistant does (with no cookie of the maker's). */
export async function exchangeE2eCode(client: E2eClient, code: string, verifier: string) {
  const assistant = await request.newContext({ baseURL: process.env.E2E_BASE_URL! })
  try {
    const res = await assistant.post('/api/auth/oauth2/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: client.clientId,
        redirect_uri: E2E_REDIRECT_URI,
        resource: `${process.env.E2E_BASE_URL!}/mcp`,
      },
    })
    return { status: res.status(), body: (await res.json()) as { access_token?: string; scope?: string } }
  } finally {
    await assistant.dispose()
  }
}
