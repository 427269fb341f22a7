import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AccountInfo } from '#shared/api/account.ts'
import { NAME_MAX_LENGTH } from '#shared/api/auth.ts'
import { buildApp } from '#server/app.ts'
import { mangledBody } from '#tests/support/hostile.ts'
import { SESSION_RECHECK_MS } from '#server/auth/token-verifier.ts'
import {
  bearer,
  cookieHeader,
  createUser,
  ENGINES,
  injectAs,
  secondDevice,
  type TestAppHandle,
  type TestUser,
} from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * The account page's server side (docs/product.md §2 "Account"): what it shows, renaming, changing
 * the password, signing out everywhere (the identity service's endpoints), and deleting the account.
 */
describe.each(ENGINES)('account on %s', (engine) => {
  let t: TestAppHandle
  /** A second process on the same database: its own memory, as in revocation.test.ts. */
  let other: Awaited<ReturnType<typeof buildApp>>
  useTestApp(engine, (ctx) => ({ t } = ctx))
  beforeAll(async () => {
    other = await buildApp(t.config, { db: t.db })
  })
  // Closed before the app, whose database it shares (after-hooks run last-registered first).
  afterAll(async () => other.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  const auth = (path: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: t.config.publicUrl, cookie }, payload })
  const signIn = (email: string, password: string) => auth('/sign-in/email', '', { email, password })
  const account = async (user: Pick<TestUser, 'token'>) => {
    const res = await injectAs(t, user, 'GET', '/api/me/account')
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as AccountInfo
  }
  const list = (app: typeof other, user: Pick<TestUser, 'token'>) =>
    app.inject({ method: 'GET', url: '/api/blends', headers: bearer(user.token) })
  /** Past the verifier's recheck interval, the token answers 401 on both processes. */
  async function expectRefusedEverywhere(user: Pick<TestUser, 'token'>) {
    vi.useFakeTimers({ now: Date.now() + SESSION_RECHECK_MS + 1, toFake: ['Date'] })
    for (const app of [t.app, other]) {
      const res = await list(app, user)
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('UNAUTHENTICATED')
    }
    vi.useRealTimers()
  }
  const tokenFor = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })).json().token as string

  describe('GET /api/me/account', () => {
    it('answers the name, e-mail, sign-in methods and creation date of the signed-in user only', async () => {
      const user = await createUser(t, { name: 'Ada Alder' })
      await createUser(t, { name: 'Bea Birch' })
      const info = await account(user)
      expect(info).toEqual({ name: 'Ada Alder', email: user.email, signInMethods: ['password'], createdAt: expect.any(String) })
      expect(Math.abs(Date.parse(info.createdAt) - Date.now())).toBeLessThan(60_000)
    })

    it('names Google for an account linked to Google, and both when it also has a password', async () => {
      const user = await createUser(t)
      const now = new Date()
      const dates =
        t.db.dialect === 'postgres' ? { createdAt: now, updatedAt: now } : { createdAt: now.toISOString(), updatedAt: now.toISOString() }
      await t.db.kysely
        .insertInto('account')
        .values({ id: `google-${user.userId}`, accountId: 'g-123', providerId: 'google', userId: user.userId, ...dates } as never)
        .execute()
      expect((await account(user)).signInMethods).toEqual(['password', 'google'])
      await t.db.kysely.deleteFrom('account').where('userId', '=', user.userId).where('providerId', '=', 'credential').execute()
      expect((await account(user)).signInMethods).toEqual(['google'])
      // A Google-only account has no password to change.
      const res = await auth('/change-password', user.cookie, {
        currentPassword: user.password,
        newPassword: 'whatever-new',
        revokeOtherSessions: true,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: { code: 'NO_PASSWORD', message: 'This account signs in with Google and has no password yet.' } })
    })
  })

  describe('renaming', () => {
    it('saves a new display name, and refuses one over the limit in the error shape', async () => {
      const user = await createUser(t)
      expect((await auth('/update-user', user.cookie, { name: 'Renamed Maker' })).statusCode).toBe(200)
      expect((await account(user)).name).toBe('Renamed Maker')
      const long = await auth('/update-user', user.cookie, { name: 'x'.repeat(NAME_MAX_LENGTH + 1) })
      expect(long.statusCode).toBe(400)
      expect(long.json()).toEqual({
        error: { code: 'NAME_TOO_LONG', message: `Name should be at most ${NAME_MAX_LENGTH} characters long.` },
      })
      expect((await account(user)).name).toBe('Renamed Maker')
      // A blank or missing name is refused, not written (a null once reached PostgreSQL's NOT NULL: a 500).
      for (const name of [null, '   ', 42]) {
        const res = await auth('/update-user', user.cookie, { name })
        expect(res.statusCode, JSON.stringify(name)).toBe(400)
        expect(res.json().error.code).toBe('VALIDATION_ERROR')
      }
      expect((await account(user)).name).toBe('Renamed Maker')
    })
  })

  describe('changing the password', () => {
    it('refuses a wrong current password and changes nothing', async () => {
      const user = await createUser(t)
      const res = await auth('/change-password', user.cookie, {
        currentPassword: 'not it at all',
        newPassword: 'a new password',
        revokeOtherSessions: true,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: { code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' } })
      expect((await signIn(user.email, user.password)).statusCode).toBe(200)
    })

    it('takes the new password, refuses the old one, ends the other sessions and keeps this device signed in', async () => {
      const user = await createUser(t)
      const laptop = await secondDevice(t, user)
      expect((await list(other, laptop)).statusCode).toBe(200)
      const res = await auth('/change-password', user.cookie, {
        currentPassword: user.password,
        newPassword: 'a brand new password',
        revokeOtherSessions: true,
      })
      expect(res.statusCode).toBe(200)
      expect((await signIn(user.email, user.password)).statusCode).toBe(401)
      expect((await signIn(user.email, 'a brand new password')).statusCode).toBe(200)
      // The other device's cookie no longer has a session, and its tokens stop.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: laptop.cookie } })).json()).toBeNull()
      await expectRefusedEverywhere(laptop)
      // This device gets a new session cookie; the token of its old session stops like the others.
      const fresh = cookieHeader(res.headers['set-cookie'])
      expect(fresh).toContain('session_token=')
      await expectRefusedEverywhere(user)
      expect((await list(t.app, { token: await tokenFor(fresh) })).statusCode).toBe(200)
    })
  })

  describe('signing out everywhere', () => {
    it("ends every session of the user, this one included, and no other user's", async () => {
      const user = await createUser(t)
      const phone = await secondDevice(t, user)
      const bystander = await createUser(t)
      const res = await auth('/revoke-sessions', user.cookie)
      expect(res.statusCode).toBe(200)
      expect(String(res.headers['set-cookie'])).toMatch(/session_token=;/)
      for (const cookie of [user.cookie, phone.cookie]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json()).toBeNull()
      }
      await expectRefusedEverywhere(user)
      await expectRefusedEverywhere(phone)
      expect((await list(other, bystander)).statusCode).toBe(200)
    })
  })

  describe('hostile input to the account actions of the identity service', () => {
    // hostile-input.test.ts sends no session cookie, so there these paths stop at 401; here they get one.
    const CASES = {
      '/update-user': { name: 'Hostile Rename' },
      '/change-password': { currentPassword: 'wrong current one', newPassword: 'another password', revokeOtherSessions: true },
    }
    it.each(Object.entries(CASES))('%s answers mangled bodies with 4xx in the error shape or a real success', async (path, valid) => {
      const user = await createUser(t)
      await fc.assert(
        fc.asyncProperty(mangledBody(valid), async (body) => {
          const res = await auth(path, user.cookie, body)
          expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500)
          if (res.statusCode >= 400) expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message'])
        }),
        { numRuns: 25 },
      )
      // The password never changed (every current password above was wrong), and a name is at most the limit.
      expect((await signIn(user.email, user.password)).statusCode).toBe(200)
      expect((await account(user)).name.length).toBeLessThanOrEqual(NAME_MAX_LENGTH)
    })
  })

  describe('POST /api/me/delete', () => {
    it("refuses a confirmation that is not the account's address, and deletes nothing", async () => {
      const user = await createUser(t)
      for (const confirmEmail of ['', 'someone@example.com', `${user.email}x`]) {
        const res = await injectAs(t, user, 'POST', '/api/me/delete', { confirmEmail })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({
          error: { code: 'CONFIRM_EMAIL_MISMATCH', message: 'The email address you typed is not the one of this account.' },
        })
      }
      expect((await injectAs(t, user, 'POST', '/api/me/delete', {})).json().error.code).toBe('VALIDATION_ERROR')
      expect((await account(user)).email).toBe(user.email)
    })

    it('takes the address in any case with spaces around it; the account and its sign-in are gone', async () => {
      const user = await createUser(t)
      const res = await injectAs(t, user, 'POST', '/api/me/delete', { confirmEmail: `  ${user.email.toUpperCase()} ` })
      expect(res.statusCode, res.body).toBe(204)
      expect(res.body).toBe('')
      // This process refuses at once, another within the recheck interval.
      expect((await list(t.app, user)).statusCode).toBe(401)
      await expectRefusedEverywhere(user)
      expect((await signIn(user.email, user.password)).statusCode).toBe(401)
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } })).json()).toBeNull()
      // The address is free again.
      expect((await auth('/sign-up/email', '', { email: user.email, password: 'another password', name: 'New Me' })).statusCode).toBe(200)
    })

    it("keeps better-auth's own delete-user endpoint closed: there is one way to delete", async () => {
      const user = await createUser(t)
      const res = await auth('/delete-user', user.cookie, {})
      expect(res.statusCode).toBe(404)
      expect((await account(user)).email).toBe(user.email)
    })
  })
})
