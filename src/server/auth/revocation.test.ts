import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { SESSION_RECHECK_MS } from '#server/auth/token-verifier.ts'
import { bearer, cookieHeader, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * A revoked session's bearer tokens stop working on every process within seconds: two servers
 * share one database, and each checks a token's session at most every SESSION_RECHECK_MS.
 */
describe.each(ENGINES)('revoked sessions on %s', (engine) => {
  let t: TestAppHandle
  let other: Awaited<ReturnType<typeof buildApp>>
  useTestApp(engine, (ctx) => ({ t } = ctx))
  beforeAll(async () => {
    // A second process: its own memory, the same database and secret.
    other = await buildApp(t.config, { db: t.db })
  })
  // Closed before the app, whose database it shares (after-hooks run last-registered first).
  afterAll(async () => other.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  const list = (app: typeof other, user: Pick<TestUser, 'token'>) =>
    app.inject({ method: 'GET', url: '/api/blends', headers: bearer(user.token) })
  const post = (url: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl, cookie }, payload })
  /** Both processes have checked the token once, so each holds a cached answer. */
  async function warm(user: TestUser) {
    expect((await list(t.app, user)).statusCode).toBe(200)
    expect((await list(other, user)).statusCode).toBe(200)
  }
  /** Within SESSION_RECHECK_MS plus a margin, on both processes, the token answers 401. */
  async function expectRefusedEverywhere(user: TestUser) {
    vi.useFakeTimers({ now: Date.now() + SESSION_RECHECK_MS + 1, toFake: ['Date'] })
    for (const app of [t.app, other]) {
      const res = await list(app, user)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' } })
    }
  }

  /** The same user signed in on another device: its own session, cookie and token. */
  async function secondDevice(user: TestUser): Promise<TestUser> {
    const signIn = await post('/api/auth/sign-in/email', '', { email: user.email, password: user.password })
    const cookie = cookieHeader(signIn.headers['set-cookie'])
    const token = (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json().token as string
    return { ...user, cookie, token }
  }

  it('recheck interval keeps revocation well within 10 seconds', () => {
    expect(SESSION_RECHECK_MS).toBeLessThanOrEqual(5_000)
  })

  it('refuses the token of a signed-out session on every process', async () => {
    const user = await createUser(t)
    await warm(user)
    expect((await post('/api/auth/sign-out', user.cookie)).statusCode).toBe(200)
    await expectRefusedEverywhere(user)
  })

  it('refuses every token of the user after "sign out everywhere", and keeps other users signed in', async () => {
    const user = await createUser(t)
    const bystander = await createUser(t)
    const phone = await secondDevice(user)
    await warm(user)
    await warm(phone)
    await warm(bystander)
    expect((await post('/api/auth/revoke-sessions', user.cookie)).statusCode).toBe(200)
    await expectRefusedEverywhere(user)
    await expectRefusedEverywhere(phone)
    for (const app of [t.app, other]) expect((await list(app, bystander)).statusCode).toBe(200)
  })

  it('refuses the tokens of the other sessions after a password change that signs them out', async () => {
    const user = await createUser(t)
    const laptop = await secondDevice(user)
    await warm(laptop)
    const changed = await post('/api/auth/change-password', user.cookie, {
      currentPassword: user.password,
      newPassword: 'a brand new password',
      revokeOtherSessions: true,
    })
    expect(changed.statusCode).toBe(200)
    await expectRefusedEverywhere(laptop)
  })

  it.each([false, undefined])(
    'signs the other sessions out after a password change even when the client sends revokeOtherSessions: %s',
    async (revoke) => {
      const user = await createUser(t)
      const laptop = await secondDevice(user)
      await warm(laptop)
      const changed = await post('/api/auth/change-password', user.cookie, {
        currentPassword: user.password,
        newPassword: 'another brand new password',
        ...(revoke === undefined ? {} : { revokeOtherSessions: revoke }),
      })
      expect(changed.statusCode, changed.body).toBe(200)
      await expectRefusedEverywhere(laptop)
    },
  )
})
