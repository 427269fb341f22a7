import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectedAppList } from '#shared/api/connected-apps.ts'
import { buildApp } from '#server/app.ts'
import { oauthMcpAuthenticator } from '#server/mcp/mcp-auth.ts'
import { mcpAccessToken, registerClient } from '#tests/support/mcp-oauth.ts'
import { bearer, createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/** A stand-in for 27B's /mcp route: the authenticator's answer, as JSON. */
function addProbe(app: FastifyInstance, recheckMs?: number) {
  const authenticate = oauthMcpAuthenticator(app, recheckMs === undefined ? {} : { recheckMs })
  app.post('/probe-mcp', { config: { public: true } }, async (request, reply) => {
    const principal = await authenticate(request, reply)
    if (!principal) return reply
    return { principal }
  })
}

const probe = (app: FastifyInstance, token?: string) =>
  app.inject({ method: 'POST', url: '/probe-mcp', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: {} })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(ENGINES)('the MCP authenticator on %s', (engine) => {
  let t: TestAppHandle
  /** A second process on the same database, with its own caches. */
  let other: FastifyInstance
  let user: TestUser
  let stranger: TestUser
  const metadataUrl = () => `${t.config.publicUrl}/.well-known/oauth-protected-resource/mcp`

  beforeAll(async () => {
    t = await createTestApp(engine)
    addProbe(t.app)
    other = await buildApp({ ...t.config }, { db: t.db })
    addProbe(other, 1_000)
    user = await createUser(t)
    stranger = await createUser(t)
  })
  afterAll(async () => {
    await other.close()
    await t.close()
  })

  it('answers 401 with where to get a token when none is sent, and says why when one is bad', async () => {
    const none = await probe(t.app)
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe(`Bearer resource_metadata="${metadataUrl()}"`)
    expect(none.headers['access-control-expose-headers']).toBe('WWW-Authenticate')
    for (const token of ['not-a-jwt', 'aaa.bbb.ccc']) {
      const bad = await probe(t.app, token)
      expect(bad.statusCode).toBe(401)
      expect(bad.headers['www-authenticate']).toBe(`Bearer resource_metadata="${metadataUrl()}", error="invalid_token"`)
    }
  })

  it("refuses the app's own /api tokens (their audience is not /mcp)", async () => {
    const res = await probe(t.app, user.token)
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"')
  })

  it('answers the maker, the client and the scopes they granted, and records when the app was last used', async () => {
    const { client, tokens } = await mcpAccessToken(t, user, ['journal:read', 'shelf:read'])
    const res = await probe(t.app, tokens.access_token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ principal: { userId: user.userId, clientId: client.clientId, scopes: ['journal:read', 'shelf:read'] } })

    const list = await injectAs(t, user, 'GET', '/api/me/connected-apps')
    expect(list.statusCode).toBe(200)
    const app = (list.json() as ConnectedAppList).items.find((item) => item.clientId === client.clientId)
    expect(app).toMatchObject({ name: 'Test Assistant', redirectHost: '127.0.0.1:9', scopes: ['journal:read', 'shelf:read'] })
    expect(Date.parse(app!.connectedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(Date.parse(app!.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    // Nobody else sees it.
    const theirs = (await injectAs(t, stranger, 'GET', '/api/me/connected-apps')).json() as ConnectedAppList
    expect(theirs.items).toEqual([])
  })

  it("disconnecting refuses the app's tokens at once here, within the recheck on another process, and revokes its refresh token", async () => {
    const { client, tokens } = await mcpAccessToken(t, user, ['journal:read'])
    expect((await probe(t.app, tokens.access_token)).statusCode).toBe(200)
    expect((await probe(other, tokens.access_token)).statusCode).toBe(200)

    // Another maker cannot disconnect it: for them it is not connected.
    expect((await injectAs(t, stranger, 'DELETE', `/api/me/connected-apps/${client.clientId}`)).statusCode).toBe(404)
    expect((await probe(t.app, tokens.access_token)).statusCode).toBe(200)

    expect((await injectAs(t, user, 'DELETE', `/api/me/connected-apps/${client.clientId}`)).statusCode).toBe(204)
    const here = await probe(t.app, tokens.access_token)
    expect(here.statusCode).toBe(401)
    expect(here.headers['www-authenticate']).toContain('error="invalid_token"')
    // The other process trusted its last answer for at most its recheck interval (1 s here, 5 s by default).
    await sleep(1_100)
    expect((await probe(other, tokens.access_token)).statusCode).toBe(401)

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: client.clientId,
      }).toString(),
    })
    expect(refreshed.statusCode).toBeGreaterThanOrEqual(400)
    expect(refreshed.json()).not.toHaveProperty('access_token')
    expect((await injectAs(t, user, 'DELETE', `/api/me/connected-apps/${client.clientId}`)).statusCode).toBe(404)
    const list = (await injectAs(t, user, 'GET', '/api/me/connected-apps')).json() as ConnectedAppList
    expect(list.items.map((item) => item.clientId)).not.toContain(client.clientId)

    // Connected again later: the new token works, the old one stays refused.
    await sleep(1_100)
    const again = await mcpAccessToken(t, user, ['journal:read'], client)
    expect((await probe(t.app, again.tokens.access_token)).statusCode).toBe(200)
    expect((await probe(t.app, tokens.access_token)).statusCode).toBe(401)
  })

  it('a token of one maker never acts for another', async () => {
    const client = await registerClient(t)
    const mine = await mcpAccessToken(t, user, ['journal:read'], client)
    const theirs = await mcpAccessToken(t, stranger, ['shelf:read'], client)
    expect((await probe(t.app, mine.tokens.access_token)).json()).toMatchObject({
      principal: { userId: user.userId, scopes: ['journal:read'] },
    })
    expect((await probe(t.app, theirs.tokens.access_token)).json()).toMatchObject({
      principal: { userId: stranger.userId, scopes: ['shelf:read'] },
    })
    // The stranger disconnecting their grant leaves the maker's working.
    expect((await injectAs(t, stranger, 'DELETE', `/api/me/connected-apps/${client.clientId}`)).statusCode).toBe(204)
    expect((await probe(t.app, mine.tokens.access_token)).statusCode).toBe(200)
    expect((await probe(t.app, theirs.tokens.access_token)).statusCode).toBe(401)
    // And an /mcp token is no key to /api.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/connected-apps', headers: bearer(mine.tokens.access_token) })).statusCode,
    ).toBe(401)
  })
})
