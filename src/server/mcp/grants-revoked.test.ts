import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { readOutbox } from '#server/mail/mailer.ts'
import { listConnectedApps } from '#server/connected-apps/connected-apps.repo.ts'
import { SESSION_RECHECK_MS } from '#server/auth/token-verifier.ts'
import {
  authorizationCode,
  authorizeUrl,
  exchangeCode,
  mcpAccessToken,
  pkce,
  refresh,
  registerClient,
  type RegisteredClient,
  type TokenSet,
} from '#tests/support/mcp-oauth.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

type App = Awaited<ReturnType<typeof buildApp>>

/**
 * A new password, a reset and "sign out everywhere" end every assistant grant of the maker
 * (docs/decisions/057): each assistant's access token is refused at /mcp, here at once and on
 * another process within 5 s, and its refresh token issues nothing.
 */
describe.each(ENGINES)('assistant grants after the password changes on %s', (engine) => {
  let t: TestAppHandle
  let other: App
  useTestApp(engine, (ctx) => ({ t } = ctx))
  beforeAll(async () => {
    // A second process: its own memory, the same database and secret.
    other = await buildApp(t.config, { db: t.db })
  })
  afterAll(async () => other.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A 2025-era initialize at /mcp with the token: 200 when it is accepted, 401 when refused. */
  const atMcp = (app: App, token: string) =>
    app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      },
    })
  const post = (url: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl, cookie }, payload })

  /** Two assistants of the maker, each accepted on both processes (so each holds a cached answer). */
  async function connectedAssistants(user: TestUser) {
    const assistants: { client: RegisteredClient; tokens: TokenSet }[] = []
    for (const scopes of [['journal:read'], ['journal:read', 'journal:write', 'shelf:read']] as const)
      assistants.push(await mcpAccessToken(t, user, scopes))
    for (const { tokens } of assistants)
      for (const app of [t.app, other]) expect((await atMcp(app, tokens.access_token)).statusCode).toBe(200)
    return assistants
  }

  /** Refused here at once; on the other process after at most SESSION_RECHECK_MS; no refresh works. */
  async function expectEnded(assistants: { client: RegisteredClient; tokens: TokenSet }[]) {
    for (const { tokens } of assistants) {
      const here = await atMcp(t.app, tokens.access_token)
      expect(here.statusCode).toBe(401)
      expect(here.headers['www-authenticate']).toContain('error="invalid_token"')
    }
    vi.useFakeTimers({ now: Date.now() + SESSION_RECHECK_MS + 1, toFake: ['Date'] })
    for (const { tokens } of assistants) expect((await atMcp(other, tokens.access_token)).statusCode).toBe(401)
    for (const { client, tokens } of assistants) {
      const renewed = await refresh(t, client, tokens.refresh_token!)
      expect(renewed.statusCode).toBe(400)
      expect(renewed.json()).toMatchObject({ error: 'invalid_grant' })
      expect(renewed.json()).not.toHaveProperty('access_token')
    }
  }

  it('a password change ends every grant of the maker and none of another maker', async () => {
    const user = await createUser(t)
    const bystander = await createUser(t)
    const assistants = await connectedAssistants(user)
    const theirs = await mcpAccessToken(t, bystander, ['journal:read'])
    const changed = await post('/api/auth/change-password', user.cookie, {
      currentPassword: user.password,
      newPassword: 'a brand new password',
      revokeOtherSessions: true,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    await expectEnded(assistants)
    // Connected apps is empty: the maker connects an assistant again to continue.
    expect(await listConnectedApps(t.db.kysely, user.userId)).toEqual([])
    // Another maker's assistant is untouched.
    for (const app of [t.app, other]) expect((await atMcp(app, theirs.tokens.access_token)).statusCode).toBe(200)
    expect((await refresh(t, theirs.client, theirs.tokens.refresh_token!)).statusCode).toBe(200)
  })

  it('a password reset ends every grant of the maker', async () => {
    const user = await createUser(t)
    const assistants = await connectedAssistants(user)
    expect((await post('/api/auth/request-password-reset', '', { email: user.email })).statusCode).toBe(200)
    const link = new URL(
      String(
        readOutbox(t.config.dataDir)
          .filter((m) => m.to === user.email)
          .at(-1)?.link,
      ),
    )
    const landing = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    const token = new URL(String(landing.headers.location), t.config.publicUrl).searchParams.get('token')!
    const reset = await post('/api/auth/reset-password', '', { token, newPassword: 'a reset new password' })
    expect(reset.statusCode, reset.body).toBe(200)
    await expectEnded(assistants)
  })

  it('"sign out everywhere" ends every grant of the maker', async () => {
    const user = await createUser(t)
    const assistants = await connectedAssistants(user)
    expect((await post('/api/auth/revoke-sessions', user.cookie)).statusCode).toBe(200)
    await expectEnded(assistants)
  })
})

/**
 * A replayed authorisation code or a reused refresh token means someone else holds the grant's
 * tokens: the grant ends, its access tokens with it (they lived up to 15 minutes before).
 */
describe.each(ENGINES)('a stolen grant on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let other: App
  useTestApp(engine, (ctx) => ({ t, user } = ctx))
  beforeAll(async () => {
    other = await buildApp(t.config, { db: t.db })
  })
  afterAll(async () => other.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  const atMcp = (app: App, token: string) =>
    app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      payload: { jsonrpc: '2.0', id: 1, method: 'ping' },
    })
  /** Accepted on both processes now; refused here at once and on the other within 5 s after `steal`. */
  async function expectEndedBy(tokens: string[], steal: () => Promise<void>) {
    for (const token of tokens) for (const app of [t.app, other]) expect((await atMcp(app, token)).statusCode).toBe(200)
    await steal()
    for (const token of tokens) expect((await atMcp(t.app, token)).statusCode).toBe(401)
    vi.useFakeTimers({ now: Date.now() + SESSION_RECHECK_MS + 1, toFake: ['Date'] })
    for (const token of tokens) expect((await atMcp(other, token)).statusCode).toBe(401)
  }

  it('a reused refresh token ends the access tokens of the grant, the newest included', async () => {
    const { client, tokens } = await mcpAccessToken(t, user, ['journal:read'])
    const rotated = await refresh(t, client, tokens.refresh_token!)
    expect(rotated.statusCode).toBe(200)
    const newest = rotated.json() as TokenSet
    await expectEndedBy([tokens.access_token, newest.access_token], async () => {
      const reused = await refresh(t, client, tokens.refresh_token!)
      expect(reused.json()).toMatchObject({ error: 'invalid_grant' })
    })
    expect((await refresh(t, client, newest.refresh_token!)).json()).toMatchObject({ error: 'invalid_grant' })
    expect(await listConnectedApps(t.db.kysely, user.userId)).toEqual([])
  })

  it('a replayed code ends the access tokens issued from it, with or without a refresh token', async () => {
    for (const offline of [true, false]) {
      const client = await registerClient(t)
      const { verifier, challenge } = pkce()
      const url = authorizeUrl(t, client, ['journal:read'], challenge)
      const code = await authorizationCode(t, user, offline ? url : url.replace('+offline_access', ''))
      const first = await exchangeCode(t, client, code, verifier)
      expect(first.statusCode, first.body).toBe(200)
      const tokens = first.json() as TokenSet
      expect(Boolean(tokens.refresh_token)).toBe(offline)
      await expectEndedBy([tokens.access_token], async () => {
        const replay = await exchangeCode(t, client, code, verifier)
        expect(replay.json()).toMatchObject({ error: 'invalid_grant' })
      })
      vi.useRealTimers()
      if (offline) expect((await refresh(t, client, tokens.refresh_token!)).json()).toMatchObject({ error: 'invalid_grant' })
    }
  })

  it('an assistant that revokes its refresh token ends the access tokens of that grant too (RFC 7009 §2.1)', async () => {
    const { client, tokens } = await mcpAccessToken(t, user, ['journal:read'])
    const stranger = await createUser(t)
    const theirs = await mcpAccessToken(t, stranger, ['journal:read'], client)
    await expectEndedBy([tokens.access_token], async () => {
      const revoked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oauth2/revoke',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: tokens.refresh_token!,
          token_type_hint: 'refresh_token',
          client_id: client.clientId,
        }).toString(),
      })
      expect(revoked.statusCode, revoked.body).toBe(200)
    })
    vi.useRealTimers()
    expect((await refresh(t, client, tokens.refresh_token!)).json()).toMatchObject({ error: 'invalid_grant' })
    expect(await listConnectedApps(t.db.kysely, user.userId)).toEqual([])
    // Another maker's grant of the same client holds.
    expect((await atMcp(t.app, theirs.tokens.access_token)).statusCode).toBe(200)
  })

  it('a revocation that names another client changes nothing', async () => {
    const { tokens } = await mcpAccessToken(t, user, ['journal:read'])
    const intruder = await registerClient(t)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth2/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: tokens.refresh_token!,
        token_type_hint: 'refresh_token',
        client_id: intruder.clientId,
      }).toString(),
    })
    expect((await atMcp(t.app, tokens.access_token)).statusCode).toBe(200)
  })

  it('a second maker’s grant of the same client is untouched by a replay of the first maker’s code', async () => {
    const client = await registerClient(t)
    const stranger = await createUser(t)
    const theirs = await mcpAccessToken(t, stranger, ['journal:read'], client)
    const { verifier, challenge } = pkce()
    const code = await authorizationCode(t, user, authorizeUrl(t, client, ['journal:read'], challenge))
    expect((await exchangeCode(t, client, code, verifier)).statusCode).toBe(200)
    expect((await exchangeCode(t, client, code, verifier)).statusCode).toBe(400)
    expect((await atMcp(t.app, theirs.tokens.access_token)).statusCode).toBe(200)
  })
})
