import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_MESSAGES } from '#shared/api/auth.ts'
import { outboxDir, readOutbox } from '#server/mail/mailer.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('password reset on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx))

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl }, payload })
  const requestReset = (email: string) => post('/api/auth/request-password-reset', { email })
  const resetPassword = (token: string, newPassword: string) => post('/api/auth/reset-password', { token, newPassword })
  const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password })

  /** Requests a reset and returns the link from the e-mail in the outbox. */
  async function mailedLink(user: TestUser): Promise<URL> {
    const res = await requestReset(user.email)
    expect(res.statusCode).toBe(200)
    const mail = readOutbox(t.config.dataDir)
      .filter((m) => m.to === user.email)
      .at(-1)
    expect(mail).toBeDefined()
    expect(mail?.subject).toBe('Reset your Accord password')
    expect(mail?.text).toContain(mail?.link)
    return new URL(mail?.link ?? '')
  }

  /** How a reset token is stored: a SHA-256 of better-auth's identifier, never the token itself. */
  const storedIdentifier = (token: string) => `reset-password:${createHash('sha256').update(`reset-password:${token}`).digest('base64url')}`

  /** Follows the e-mailed link as a browser would: to our reset page, with a token or an error. */
  async function follow(link: URL): Promise<URL> {
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(res.statusCode).toBe(302)
    return new URL(String(res.headers.location), t.config.publicUrl)
  }

  it("mails the link in the account's language, else in the language of the browser that asked (decision 096)", async () => {
    const ask = (email: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: t.config.publicUrl, ...headers },
        payload: { email },
      })
    const lastTo = (email: string) =>
      readOutbox(t.config.dataDir)
        .filter((m) => m.to === email)
        .at(-1)
    const nobody = await createUser(t, { name: 'Noé' })
    expect((await ask(nobody.email, { 'accept-language': 'fr-CA, en;q=0.5' })).statusCode).toBe(200)
    expect(lastTo(nobody.email)).toMatchObject({ subject: 'Réinitialiser votre mot de passe Accord' })
    expect(lastTo(nobody.email)?.text).toContain('Bonjour Noé,')
    // The device's choice (its cookie) comes before the browser's languages.
    await ask(nobody.email, { 'accept-language': 'fr', cookie: 'accord-language=es' })
    expect(lastTo(nobody.email)?.subject).toBe('Restablece tu contraseña de Accord')
    // The account's own language wins over both.
    const german = await createUser(t)
    expect((await injectAs(t, german, 'PUT', '/api/me/settings', { language: 'de' })).statusCode).toBe(200)
    await ask(german.email, { 'accept-language': 'it', cookie: 'accord-language=fr' })
    const mail = lastTo(german.email)
    expect(mail?.subject).toBe('Ihr Accord-Passwort zurücksetzen')
    expect(mail?.text).toContain('läuft in 60 Minuten ab')
    expect(mail?.text).toContain(mail?.link)
    // Without either: English, as the spec writes it.
    const plain = await createUser(t)
    await ask(plain.email, {})
    expect(lastTo(plain.email)?.subject).toBe('Reset your Accord password')
  })

  it('mails a single-use link that lands on the reset page; the new password works and the old does not', async () => {
    const user = await createUser(t, { password: 'old-password' })
    const link = await mailedLink(user)
    expect(link.origin).toBe(t.config.publicUrl)
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[A-Za-z0-9]+$/)
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password')

    const page = await follow(link)
    expect(page.pathname).toBe('/reset-password')
    const token = page.searchParams.get('token') ?? ''
    expect(token).not.toBe('')

    const reset = await resetPassword(token, 'new-password')
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ status: true })

    expect((await signIn(user.email, 'new-password')).statusCode).toBe(200)
    const old = await signIn(user.email, 'old-password')
    expect(old.statusCode).toBe(401)
    expect(old.json().error.code).toBe('INVALID_CREDENTIALS')

    // Used once: the token and the link are spent.
    const again = await resetPassword(token, 'third-password')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: { code: 'INVALID_RESET_TOKEN', message: AUTH_ERROR_MESSAGES.INVALID_RESET_TOKEN } })
    const spent = await follow(link)
    expect(spent.pathname).toBe('/reset-password')
    expect(spent.searchParams.get('error')).toBe('INVALID_TOKEN')
    expect(spent.searchParams.get('token')).toBeNull()
  })

  it('signs out the sessions that were open before the reset', async () => {
    const user = await createUser(t)
    const page = await follow(await mailedLink(user))
    await resetPassword(page.searchParams.get('token') ?? '', 'fresh-password')
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } })
    expect(session.json()).toBeNull()
  })

  it('refuses an expired link', async () => {
    const user = await createUser(t, { password: 'keep-this-one' })
    const link = await mailedLink(user)
    const token = link.pathname.split('/').at(-1) ?? ''
    const past = new Date(Date.now() - 60_000)
    await t.db.kysely
      .updateTable('verification')
      .set({ expiresAt: t.db.dialect === 'postgres' ? past : past.toISOString() })
      .where('identifier', '=', storedIdentifier(token))
      .execute()

    const page = await follow(link)
    expect(page.searchParams.get('error')).toBe('INVALID_TOKEN')
    const reset = await resetPassword(token, 'too-late-now')
    expect(reset.statusCode).toBe(400)
    expect(reset.json().error.code).toBe('INVALID_RESET_TOKEN')
    expect((await signIn(user.email, 'keep-this-one')).statusCode).toBe(200)
  })

  it('refuses a short new password and keeps the link usable', async () => {
    const user = await createUser(t)
    const token = (await follow(await mailedLink(user))).searchParams.get('token') ?? ''
    const weak = await resetPassword(token, '12345')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().error.code).toBe('WEAK_PASSWORD')
    expect((await resetPassword(token, '123456')).statusCode).toBe(200)
  })

  it('refuses an unknown token', async () => {
    const res = await resetPassword('not-a-real-token', 'whatever-new')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('INVALID_RESET_TOKEN')
  })

  it('says when no account has the address, and mails nothing', async () => {
    const before = readOutbox(t.config.dataDir).length
    const res = await requestReset('nobody-here@example.com')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: { code: 'ACCOUNT_NOT_FOUND', message: 'No account found with this email address.' } })
    expect(readOutbox(t.config.dataDir)).toHaveLength(before)
  })

  it('refuses an invalid address', async () => {
    const res = await requestReset('nobody')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { code: 'INVALID_EMAIL', message: 'Please enter a valid email address.' } })
  })

  it('finds the account whatever the case of the address', async () => {
    const user = await createUser(t)
    const res = await requestReset(user.email.toUpperCase())
    expect(res.statusCode).toBe(200)
  })

  it('keeps outbox files private to the server user', async () => {
    const user = await createUser(t)
    await mailedLink(user)
    const dir = outboxDir(t.config.dataDir)
    const file = fs.readdirSync(dir).sort().at(-1) ?? ''
    expect(fs.statSync(`${dir}/${file}`).mode & 0o777).toBe(0o600)
  })

  it('stores reset tokens hashed: the database never holds a usable link', async () => {
    const user = await createUser(t)
    const token = (await mailedLink(user)).pathname.split('/').at(-1) ?? ''
    const rows = await t.db.kysely.selectFrom('verification').select(['identifier', 'value']).where('value', '=', user.userId).execute()
    expect(rows).toEqual([{ identifier: storedIdentifier(token), value: user.userId }])
    expect(rows[0]?.identifier).not.toContain(token)
  })

  it('voids every other outstanding link once one is used', async () => {
    const user = await createUser(t)
    const first = await mailedLink(user)
    const second = await mailedLink(user)
    const secondToken = (await follow(second)).searchParams.get('token') ?? ''
    expect((await resetPassword(secondToken, 'from-the-second-link')).statusCode).toBe(200)

    expect((await follow(first)).searchParams.get('error')).toBe('INVALID_TOKEN')
    const firstToken = first.pathname.split('/').at(-1) ?? ''
    const late = await resetPassword(firstToken, 'from-the-first-link')
    expect(late.statusCode).toBe(400)
    expect(late.json().error.code).toBe('INVALID_RESET_TOKEN')
    expect((await signIn(user.email, 'from-the-second-link')).statusCode).toBe(200)
  })

  it("voids outstanding links when the password is changed, and keeps other users' links", async () => {
    const user = await createUser(t)
    const bystander = await createUser(t)
    const link = await mailedLink(user)
    const othersLink = await mailedLink(bystander)
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: t.config.publicUrl, cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'changed-on-purpose' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await follow(link)).searchParams.get('error')).toBe('INVALID_TOKEN')
    expect((await follow(othersLink)).searchParams.get('token')).toEqual(expect.any(String))
  })

  it('keeps the links when a password change is refused', async () => {
    const user = await createUser(t)
    const link = await mailedLink(user)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: t.config.publicUrl, cookie: user.cookie },
      payload: { currentPassword: 'not my password', newPassword: 'changed-on-purpose' },
    })
    expect(refused.statusCode).toBeGreaterThanOrEqual(400)
    expect((await follow(link)).searchParams.get('token')).toEqual(expect.any(String))
  })
})
