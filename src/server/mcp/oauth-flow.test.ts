import { describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { MCP_SCOPES } from '#shared/api/mcp-scopes.ts'
import {
  authorizationCode,
  authorize,
  authorizeUrl,
  consent,
  consentRequest,
  exchangeCode,
  mcpAccessToken,
  pkce,
  refresh,
  registerClient,
  registerRequest,
} from '#tests/support/mcp-oauth.ts'
import { bearer, createTestApp, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** The OAuth flow an MCP client runs against Accord, end to end through the real endpoints (decision 046). */
describe.each(ENGINES)('connecting an AI assistant on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  useTestApp(engine, (ctx) => ({ t, user } = ctx))

  it('publishes the protected resource and authorisation server metadata at the root, readable cross-origin', async () => {
    for (const url of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://inspector.example' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe('*')
      expect(res.json()).toMatchObject({
        resource: `${t.config.publicUrl}/mcp`,
        authorization_servers: [t.config.publicUrl],
        scopes_supported: [...MCP_SCOPES, 'offline_access'],
      })
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/.well-known/oauth-authorization-server',
      headers: {
        origin: 'https://inspector.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'mcp-protocol-version',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const metadata = res.json() as Record<string, unknown>
    expect(metadata).toMatchObject({
      issuer: t.config.publicUrl,
      authorization_endpoint: `${t.config.publicUrl}/api/auth/oauth2/authorize`,
      token_endpoint: `${t.config.publicUrl}/api/auth/oauth2/token`,
      registration_endpoint: `${t.config.publicUrl}/api/auth/oauth2/register`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    })
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining([...MCP_SCOPES, 'offline_access']))
  })

  it('registers a client, authorises with PKCE, takes a subset of scopes at consent, and mints a token for /mcp only', async () => {
    const client = await registerClient(t)
    const { challenge } = pkce()
    const query = await authorize(t, user, authorizeUrl(t, client, MCP_SCOPES, challenge))
    const params = new URLSearchParams(query)
    expect(params.get('client_id')).toBe(client.clientId)
    expect(params.get('sig')).toBeTruthy()
    // The maker unticks the write scopes.
    const redirect = await consent(t, user, query, { accept: true, scope: 'journal:read shelf:read offline_access' })
    expect(`${redirect.origin}${redirect.pathname}`).toBe(client.redirectUri)
    expect(redirect.searchParams.get('state')).toBe('state-1')
    const code = redirect.searchParams.get('code')!
    expect(code).toBeTruthy()

    // PKCE: a wrong verifier is refused, in OAuth's own error shape.
    const wrong = await exchangeCode(t, client, code, pkce().verifier)
    expect(wrong.statusCode, wrong.body).toBe(401)
    expect(wrong.json()).toMatchObject({ error: 'invalid_request', error_description: 'code verification failed' })
    expect(wrong.json()).not.toHaveProperty('access_token')

    // Asked again for what the maker allowed, the server answers at once with a code (no consent page).
    const again = pkce()
    const code2 = await authorizationCode(t, user, authorizeUrl(t, client, ['journal:read', 'shelf:read'], again.challenge))
    const res = await exchangeCode(t, client, code2, again.verifier)
    expect(res.statusCode, res.body).toBe(200)
    // Readable by a browser-based client on another origin.
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const tokens = res.json() as { access_token: string; refresh_token: string; expires_in: number; scope: string }
    expect(tokens.expires_in).toBeLessThanOrEqual(15 * 60)
    expect(tokens.scope.split(' ').sort()).toEqual(['journal:read', 'offline_access', 'shelf:read'])
    const claims = decodeJwt(tokens.access_token)
    expect(claims.aud).toBe(`${t.config.publicUrl}/mcp`)
    expect(claims.sub).toBe(user.userId)
    expect(claims.client_id).toBe(client.clientId)
    // A code works once.
    const replay = await exchangeCode(t, client, code2, again.verifier)
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' })

    // Audience separation: the /mcp token is not a token for /api.
    const atApi = await t.app.inject({ method: 'GET', url: '/api/me/summary', headers: bearer(tokens.access_token) })
    expect(atApi.statusCode).toBe(401)
  })

  it('gives a client that asks for the scopes the discovery document lists a refresh token', async () => {
    // What a standard MCP client does: read the protected resource's scopes and ask for all of them.
    const discovered = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource/mcp' })).json() as {
      scopes_supported: string[]
    }
    expect(discovered.scopes_supported).toContain('offline_access')
    const client = await registerClient(t)
    const { verifier, challenge } = pkce()
    const url = new URL(authorizeUrl(t, client, [], challenge), t.config.publicUrl)
    url.searchParams.set('scope', discovered.scopes_supported.join(' '))
    const code = await authorizationCode(t, user, `${url.pathname}${url.search}`)
    const res = await exchangeCode(t, client, code, verifier)
    expect(res.statusCode, res.body).toBe(200)
    const tokens = res.json() as { refresh_token?: string; scope: string }
    expect(tokens.refresh_token).toBeTruthy()
    expect(tokens.scope.split(' ')).toContain('offline_access')
    expect((await refresh(t, client, tokens.refresh_token!)).statusCode).toBe(200)
  })

  it('requires PKCE: an authorisation request without a code challenge gets no code', async () => {
    const client = await registerClient(t)
    const url = authorizeUrl(t, client, MCP_SCOPES, 'x').replace(/&code_challenge=[^&]*&code_challenge_method=S256/, '')
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
    const location = String(res.headers.location ?? '')
    expect(location).not.toContain('/oauth/consent')
    expect(location, location).not.toContain('code=')
    expect(new URL(location).searchParams.get('error')).toBe('invalid_request')
    expect(new URL(location).searchParams.get('error_description')).toMatch(/pkce/i)
  })

  it('denies: the client is sent back with access_denied and no code', async () => {
    const client = await registerClient(t)
    const query = await authorize(t, user, authorizeUrl(t, client, MCP_SCOPES, pkce().challenge))
    const redirect = await consent(t, user, query, { accept: false })
    expect(redirect.searchParams.get('error')).toBe('access_denied')
    expect(redirect.searchParams.get('code')).toBeNull()
  })

  it('refuses a scope at consent that the client did not ask for', async () => {
    const client = await registerClient(t)
    const query = await authorize(t, user, authorizeUrl(t, client, ['journal:read'], pkce().challenge))
    const res = await consentRequest(t, user, query, { accept: true, scope: 'journal:read journal:write' })
    expect(res.statusCode).toBe(400)
  })

  it('rotates refresh tokens: the old one is refused after use', async () => {
    const { client, tokens } = await mcpAccessToken(t, user)
    expect(tokens.refresh_token).toBeTruthy()
    const first = await refresh(t, client, tokens.refresh_token!)
    expect(first.statusCode, first.body).toBe(200)
    const rotated = first.json() as { access_token: string; refresh_token: string }
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token)
    expect(decodeJwt(rotated.access_token).aud).toBe(`${t.config.publicUrl}/mcp`)
    const reused = await refresh(t, client, tokens.refresh_token!)
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('lets a browser-based client on another origin register and exchange its code', async () => {
    for (const url of ['/api/auth/oauth2/register', '/api/auth/oauth2/token', '/api/auth/oauth2/revoke']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://inspector.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(preflight.statusCode, url).toBe(204)
      expect(preflight.headers['access-control-allow-origin'], url).toBe('*')
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST')
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('content-type')
    }
    const res = await registerRequest(t, {}, { origin: 'https://inspector.example' })
    expect([200, 201], res.body).toContain(res.statusCode)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    // Only these endpoints: the session's own endpoints stay same-origin.
    const session = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' },
    })
    expect(session.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('cannot be asked for another audience than /mcp', async () => {
    const client = await registerClient(t)
    const url = authorizeUrl(t, client, MCP_SCOPES, pkce().challenge).replace(
      encodeURIComponent(`${t.config.publicUrl}/mcp`),
      encodeURIComponent(t.config.publicUrl),
    )
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
    const location = String(res.headers.location ?? '')
    expect(location).not.toContain('/oauth/consent')
    expect(location).toContain('error=invalid_target')
  })
})

describe.each(ENGINES)('client registration on %s', (engine) => {
  it('is refused when MCP_DYNAMIC_REGISTRATION=false, and not advertised', async () => {
    const t = await createTestApp(engine, { MCP_DYNAMIC_REGISTRATION: 'false' })
    try {
      const res = await registerRequest(t)
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
      const metadata = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json() as Record<
        string,
        unknown
      >
      expect(metadata.registration_endpoint).toBeUndefined()
    } finally {
      await t.close()
    }
  })

  it('is rate-limited per address', async () => {
    const t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await registerRequest(t)).statusCode)
      expect(statuses.slice(0, 3).every((s) => s === 200 || s === 201)).toBe(true)
      const over = await registerRequest(t)
      expect(over.statusCode).toBe(429)
      // Another address still registers.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oauth2/register',
        remoteAddress: '10.0.0.7',
        headers: { 'content-type': 'application/json' },
        payload: { client_name: 'Other', redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none' },
      })
      expect([200, 201]).toContain(elsewhere.statusCode)
    } finally {
      await t.close()
    }
  })
})
