import net from 'node:net'
import dns from 'node:dns'
import { describe, expect, it } from 'vitest'
import {
  REGISTRATION_LIST_MAX,
  REGISTRATION_MAX_BYTES,
  REGISTRATION_TEXT_MAX,
  REGISTRATION_URI_MAX,
  registrationAddressKey,
  UNCONSENTED_CLIENT_KEEP_MS,
} from '#server/connected-apps/client-registration.ts'
import { mcpAccessToken, registerClient, registerRequest } from '#tests/support/mcp-oauth.ts'
import { createTestApp, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe('the address a registration counts against', () => {
  it('is an IPv4 address as it is and an IPv6 address by its /64', () => {
    expect(registrationAddressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(registrationAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(registrationAddressKey('2001:db8:0:1::7')).toBe('2001:db8:0:1::/64')
    expect(registrationAddressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64')
    expect(registrationAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(registrationAddressKey('::1')).toBe('0:0:0:0::/64')
  })
})

/** Dynamic client registration takes no account, so what it stores is bounded (decision 058). */
describe.each(ENGINES)('client registration on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  useTestApp(engine, (ctx) => ({ t, user } = ctx))

  const clientCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('oauthClient')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('refuses names, addresses and lists over their bounds with a 400 that names the field, and stores nothing', async () => {
    const before = await clientCount()
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: 'n'.repeat(REGISTRATION_TEXT_MAX + 1) }, `body.client_name: at most ${REGISTRATION_TEXT_MAX} characters`],
      [{ software_version: 'v'.repeat(REGISTRATION_TEXT_MAX + 1) }, 'body.software_version'],
      [{ client_uri: `https://a.example/${'p'.repeat(REGISTRATION_URI_MAX)}` }, 'body.client_uri'],
      [
        { redirect_uris: Array.from({ length: REGISTRATION_LIST_MAX + 1 }, (_, i) => `http://127.0.0.1:9/cb${i}`) },
        `body.redirect_uris: at most ${REGISTRATION_LIST_MAX} entries`,
      ],
      [
        { redirect_uris: [`http://127.0.0.1:9/${'p'.repeat(REGISTRATION_URI_MAX)}`] },
        `body.redirect_uris.0: at most ${REGISTRATION_URI_MAX} characters`,
      ],
      [{ contacts: Array.from({ length: REGISTRATION_LIST_MAX + 1 }, (_, i) => `a${i}@example.com`) }, 'body.contacts'],
      [{ extra: 'x'.repeat(REGISTRATION_MAX_BYTES) }, `at most ${REGISTRATION_MAX_BYTES} bytes`],
    ]
    for (const [body, message] of cases) {
      const res = await registerRequest(t, body)
      expect(res.statusCode, message).toBe(400)
      const refusal = res.json() as { error: string; error_description: string }
      expect(refusal.error).toBe(message.startsWith('body.redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata')
      expect(refusal.error_description).toContain(message)
    }
    expect(await clientCount()).toBe(before)
    // At the bounds, it registers.
    const ok = await registerRequest(t, {
      client_name: 'n'.repeat(REGISTRATION_TEXT_MAX),
      redirect_uris: Array.from({ length: REGISTRATION_LIST_MAX }, (_, i) => `http://127.0.0.1:9/cb${i}`),
    })
    expect([200, 201], ok.body).toContain(ok.statusCode)
  })

  it('refuses backchannel_logout_uri and jwks_uri: Accord never calls a client server', async () => {
    for (const field of ['backchannel_logout_uri', 'jwks_uri']) {
      const res = await registerRequest(t, { [field]: 'https://example.com/hook' })
      expect(res.statusCode, field).toBe(400)
      expect(res.json()).toMatchObject({ error: 'invalid_client_metadata' })
      expect((res.json() as { error_description: string }).error_description).toContain(`body.${field}`)
    }
  })

  it('removes, at the next registration, clients no maker connected within a day; a connected one stays', async () => {
    const connected = (await mcpAccessToken(t, user)).client
    const stranger = await registerClient(t, { client_name: 'Nobody connects me' })
    const fresh = await registerClient(t, { client_name: 'Registered just now' })
    const longAgo = new Date(Date.now() - UNCONSENTED_CLIENT_KEEP_MS - 60_000)
    await t.db.kysely
      .updateTable('oauthClient')
      .set({ createdAt: engine === 'sqlite' ? longAgo.toISOString() : longAgo })
      .where('clientId', 'in', [connected.clientId, stranger.clientId])
      .execute()
    await registerClient(t, { client_name: 'The next one' })
    const left = (await t.db.kysely.selectFrom('oauthClient').select('clientId').execute()).map((r) => r.clientId)
    expect(left).toContain(connected.clientId)
    expect(left).toContain(fresh.clientId)
    expect(left).not.toContain(stranger.clientId)
  })

  it('counts IPv6 registrations per /64', async () => {
    const limited = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '2' })
    try {
      const from = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/oauth2/register',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: { client_name: 'Six', redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none' },
        })
      expect([200, 201]).toContain((await from('2001:db8:0:1::1')).statusCode)
      expect([200, 201]).toContain((await from('2001:db8:0:1::2')).statusCode)
      expect((await from('2001:db8:0:1:abcd::3')).statusCode).toBe(429)
      expect([200, 201]).toContain((await from('2001:db8:0:2::1')).statusCode)
    } finally {
      await limited.close()
    }
  })
})

/**
 * The attack: register with a back-channel logout address whose host name resolves to this
 * machine, connect on one's own account, sign out, and time it. Accord takes no such address, so
 * sign-out calls no client's server and takes no longer against one that holds the connection.
 */
describe.each(ENGINES)('signing out on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  useTestApp(engine, (ctx) => ({ t, user } = ctx))

  it('never waits on a client server, even one whose name resolves to this machine and never answers', async () => {
    // A public-looking name that resolves to this machine, as 127.0.0.1.nip.io does (no DNS here).
    const name = 'hooks.accord-attacker.com'
    const lookup = dns.lookup
    const patched = (host: string, ...rest: unknown[]) =>
      (lookup as (...args: unknown[]) => void)(host === name ? '127.0.0.1' : host, ...rest)
    Object.assign(dns, { lookup: patched })
    const held: net.Socket[] = []
    const slow = net.createServer((socket) => held.push(socket))
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    try {
      const port = (slow.address() as net.AddressInfo).port
      const hook = `https://${name}:${port}/logout`
      const registered = await registerRequest(t, { backchannel_logout_uri: hook })
      expect.soft(registered.statusCode, registered.body).toBe(400)
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oauth2/create-client',
        headers: { 'content-type': 'application/json', cookie: user.cookie, origin: t.config.publicUrl },
        payload: {
          client_name: 'Mine',
          redirect_uris: ['http://127.0.0.1:9/callback'],
          backchannel_logout_uri: hook,
          token_endpoint_auth_method: 'none',
        },
      })
      expect.soft(created.statusCode, created.body).toBe(400)
      // Whatever the server made of it, connect with the client it would have kept, and sign out.
      const client =
        registered.statusCode < 300
          ? { clientId: (registered.json() as { client_id: string }).client_id, redirectUri: 'http://127.0.0.1:9/callback', name: 'x' }
          : undefined
      await mcpAccessToken(t, user, undefined, client)
      const started = performance.now()
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: user.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
        payload: {},
      })
      const took = performance.now() - started
      expect(out.statusCode).toBe(200)
      expect(took).toBeLessThan(1_000)
      expect(held).toHaveLength(0)
    } finally {
      Object.assign(dns, { lookup })
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => slow.close(resolve))
    }
  }, 30_000)
})
