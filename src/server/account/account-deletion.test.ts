import fs from 'node:fs'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/fields.ts'
import { ANONYMISED_CLAIM_EMAIL } from '#server/account/account.repo.ts'
import { buildApp } from '#server/app.ts'
import type { Db } from '#server/db/db.ts'
import { recordUse } from '#server/connected-apps/connected-apps.repo.ts'
import { REDEEMED_CODE_PREFIX } from '#server/connected-apps/redeemed-code.ts'
import { importCodes } from '#server/redeem/redeem-codes.ts'
import { authorizationCode, authorizeUrl, mcpAccessToken, pkce, registerClient, tokenRequest } from '#tests/support/mcp-oauth.ts'
import { blendBody, createBlend, exportFileBody, oilsByName } from '#tests/support/blend-fixtures.ts'
import {
  bearer,
  createTestApp,
  createUser,
  ENGINES,
  injectAs,
  secondDevice,
  type TestAppHandle,
  type TestUser,
} from '#tests/support/test-db.ts'
import { readOutbox } from '#server/mail/mailer.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Deleting an account leaves no row of the user in any table. The tables and columns are read from
 * the live database, so a table added later is covered without editing this file: every column that
 * names a user (user_id, userId, the user table's id) and every text column that could hold the
 * user's id or e-mail address.
 */

type Column = { table: string; column: string }

/** The tables of this database (on PostgreSQL, of the test's own schema), with their columns. */
async function liveTables(db: Db) {
  const tables = await db.kysely.introspection.getTables()
  return tables.filter((table) => (db.dialect === 'postgres' ? table.schema === (db.schema ?? 'public') : true))
}

async function userColumns(db: Db): Promise<Column[]> {
  return (await liveTables(db)).flatMap((table) =>
    table.columns
      .filter((c) => /^user_?id$/i.test(c.name) || (table.name === 'user' && c.name === 'id'))
      .map((c) => ({ table: table.name, column: c.name })),
  )
}

async function textColumns(db: Db): Promise<Column[]> {
  return (await liveTables(db)).flatMap((table) =>
    table.columns.filter((c) => /^(text|varchar|character varying)$/i.test(c.dataType)).map((c) => ({ table: table.name, column: c.name })),
  )
}

/** How many rows have `value` in the column (compared lower-cased, so an address in any case counts). */
async function rowsWith(db: Db, { table, column }: Column, value: string): Promise<number> {
  const row = await sql<{
    n: number | string
  }>`select count(*) as n from ${sql.table(table)} where lower(trim(${sql.ref(column)})) = ${value.toLowerCase()}`.execute(db.kysely)
  return Number(row.rows[0]?.n ?? 0)
}

/** Every row of the user, column by column: what must be empty after the deletion. */
async function footprint(db: Db, user: TestUser) {
  const found: Record<string, number> = {}
  for (const col of await userColumns(db)) found[`${col.table}.${col.column}`] = await rowsWith(db, col, user.userId)
  for (const col of await textColumns(db)) {
    for (const value of [user.userId, user.email]) {
      const n = await rowsWith(db, col, value)
      if (n > 0) found[`${col.table}.${col.column} = ${value === user.email ? 'e-mail' : 'id'}`] = n
    }
  }
  return found
}

describe.each(ENGINES)('deleting an account on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx), { REDEEM_SECRET_WORD: 'Rosemary', VAPID_SUBJECT: 'mailto:push@example.com' })

  /** Gives the user a row in every table we know of: blends, versions, test entries, deleted blends, keys, share links, shelf, batches, imports, sessions, a reset link, a claim. */
  async function seed(user: TestUser, code: string) {
    const oils = await oilsByName(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Blend of ${user.name}` }))
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/api/blends',
      headers: { ...bearer(user.token), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      payload: blendBody(oils, { name: `Second of ${user.name}` }),
    })
    expect(keyed.statusCode).toBe(201)
    // A version holding the first blend as an accord (blend_accord_uses; decision 072).
    const o = (name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })
    const accordUse = await injectAs(t, user, 'POST', '/api/blend-versions', {
      projectId: (keyed.json() as { id: number }).id,
      topOils: [o('Bergamot', 30)],
      middleOils: [o('Lavender', 20)],
      baseOils: [o('Vetiver', 20)],
      accords: [{ layer: 'middle', versionId: blend.version.id, percentage: 30 }],
    })
    expect(accordUse.statusCode, accordUse.body).toBe(201)
    // A deleted blend, still restorable (deleted_blends).
    const undone = await createBlend(t, user, blendBody(oils, { name: `Deleted of ${user.name}` }))
    expect((await injectAs(t, user, 'DELETE', `/api/blends/${undone.id}`)).statusCode).toBe(204)
    expect(
      (await injectAs(t, user, 'POST', '/api/journal-entries', { versionId: blend.version.id, notes: 'tested', rating: 4 })).statusCode,
    ).toBe(201)
    expect((await injectAs(t, user, 'POST', `/api/blends/${blend.id}/shares`, { includeNotes: true })).statusCode).toBe(201)
    // A revoked link, still restorable (revoked_share_links).
    const revoked = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/shares`, {})
    expect((await injectAs(t, user, 'DELETE', `/api/shares/${(revoked.json() as { token: string }).token}`)).statusCode).toBe(204)
    expect((await injectAs(t, user, 'PUT', '/api/me/settings', { currency: 'EUR' })).statusCode).toBe(200)
    const bottle = await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 30, price: 9 })
    const ingredient = { name: 'Bergamot FCF', basedOnOilId: oils.Bergamot!.id, safety: { phototoxic: false } }
    expect((await injectAs(t, user, 'POST', '/api/ingredients', ingredient)).statusCode).toBe(201)
    expect(bottle.statusCode).toBe(201)
    // The bottle's allergen declaration and the batch's saved label (bottle_declarations, batch_labels).
    const declaration = { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] }
    expect(
      (await injectAs(t, user, 'PUT', `/api/shelf/bottles/${(bottle.json() as { id: number }).id}/declaration`, declaration)).statusCode,
    ).toBe(200)
    // Its IFRA certificate (bottle_ifra_certificates; decision 070).
    expect(
      (
        await injectAs(t, user, 'PUT', `/api/shelf/bottles/${(bottle.json() as { id: number }).id}/ifra-certificate`, {
          amendment: '51st',
          limits: [{ category: '5A', limit: 0.61 }],
        })
      ).statusCode,
    ).toBe(200)
    // A document on the bottle (bottle_documents; decision 080).
    const document = await t.app.inject({
      method: 'POST',
      url: `/api/shelf/bottles/${(bottle.json() as { id: number }).id}/documents?kind=safety-data-sheet&name=sds.pdf`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    expect(document.statusCode, document.body).toBe(201)
    const batch = { madeOn: '2026-11-20', productType: 'Soap', weight: 500, unit: 'g', oilPercentage: 2 }
    const made = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, batch)
    expect(made.statusCode).toBe(201)
    const label = await injectAs(t, user, 'PUT', `/api/blends/${blend.id}/batches/${(made.json() as { id: number }).id}/label`, {
      productType: 'cold-process-soap',
    })
    expect(label.statusCode, label.body).toBe(200)
    // A neat batch of the first blend, drawn from as the accord of the second (batch_accord_draws; decision 074).
    const neat = {
      versionId: blend.version.id,
      madeOn: '2026-11-20',
      productType: 'neat-accord',
      weight: 20,
      unit: 'g',
      oilPercentage: 100,
    }
    expect((await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, neat)).statusCode).toBe(201)
    const fromNeat = await injectAs(t, user, 'POST', `/api/blends/${(keyed.json() as { id: number }).id}/batches`, {
      versionId: (accordUse.json() as { id: number }).id,
      madeOn: '2026-11-21',
      productType: 'cold-process-soap',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
      accords: [{ versionId: blend.version.id, weigh: 'batch' }],
    })
    expect(fromNeat.statusCode, fromNeat.body).toBe(201)
    // Reminders on, and a browser for push (decision 038); the versions and the batch made reminder rows.
    expect((await injectAs(t, user, 'PUT', '/api/me/reminders', { email: true, push: true, timeZone: 'Europe/Paris' })).statusCode).toBe(
      200,
    )
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    }
    const push = { endpoint: `https://push.example.com/${user.userId}`, keys }
    expect((await injectAs(t, user, 'POST', '/api/me/push-subscriptions', push)).statusCode).toBe(201)
    expect((await injectAs(t, user, 'POST', '/api/import', exportFileBody(oils))).statusCode).toBe(201)
    await secondDevice(t, user)
    // An AI assistant the user registered and connected (decision 046): its client, the consent,
    // a refresh token, an opaque access token (asked for without a resource), and its last use.
    const client = await registerClient(
      t,
      { client_name: `Assistant of ${user.name}` },
      { cookie: user.cookie, origin: t.config.publicUrl },
    )
    await mcpAccessToken(t, user, ['journal:read'], client)
    const { verifier, challenge } = pkce()
    const authCode = await authorizationCode(t, user, authorizeUrl(t, client, ['journal:read'], challenge).replace(/&resource=[^&]*/, ''))
    const opaque = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: authCode,
      code_verifier: verifier,
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
    })
    expect(opaque.statusCode, opaque.body).toBe(200)
    // The /mcp route records this on a call (mcp/mcp-auth.ts).
    await recordUse(t.db.kysely, user.userId, client.clientId, new Date())
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.publicUrl },
      payload: { email: user.email },
    })
    expect(reset.statusCode).toBe(200)
    await importCodes(t.db, `${code}\n`)
    const claim = {
      email: ` ${user.email.toUpperCase()} `,
      marketplace: 'amazon-us',
      purchaseMonth: new Date().toISOString().slice(0, 7),
      secretWord: '',
      redemptionCode: code,
      honeypot: '',
    }
    const redeemed = await t.app.inject({ method: 'POST', url: '/api/redeem', payload: claim })
    expect(redeemed.json()).toEqual({ verified: true })
  }

  it('finds the user columns in the live schema (the enumeration is not empty)', async () => {
    const tables = (await userColumns(t.db)).map((c) => c.table)
    expect(tables).toEqual(
      expect.arrayContaining([
        'user',
        'session',
        'account',
        'user_sequences',
        'blend_projects',
        'blend_versions',
        'journal_entries',
        'idempotency_keys',
        'share_links',
        'import_origins',
        'deleted_blends',
        'revoked_share_links',
        'user_settings',
        'shelf_bottles',
        'batches',
        'batch_draws',
        'reminders',
        'push_subscriptions',
        'bottle_declarations',
        'bottle_ifra_certificates',
        'bottle_documents',
        'blend_accord_uses',
        'batch_labels',
        'oauthClient',
        'oauthConsent',
        'oauthAccessToken',
        'oauthRefreshToken',
        'connected_app_use',
      ]),
    )
  })

  it("leaves no row of the user in any table, keeps the other user's data, and keeps codes spent", async () => {
    const [ada, bea] = [await createUser(t, { name: 'Ada' }), await createUser(t, { name: 'Bea' })]
    await seed(ada, 'ADA-CODE-1')
    await seed(bea, 'BEA-CODE-1')
    const before = await footprint(t.db, ada)
    // The seed reached every user table, so "nothing left" below means something was deleted everywhere.
    for (const col of await userColumns(t.db)) expect(before[`${col.table}.${col.column}`], `${col.table}.${col.column}`).toBeGreaterThan(0)
    const beaBefore = await footprint(t.db, bea)
    // The codes her assistant redeemed, remembered to catch a replay (decision 057), name her id.
    const redeemedCodes = async (user: TestUser) =>
      (
        await t.db.kysely
          .selectFrom('verification')
          .select('id')
          .where('identifier', 'like', `${REDEEMED_CODE_PREFIX}%`)
          .where('value', 'like', `${user.userId} %`)
          .execute()
      ).length
    expect(await redeemedCodes(ada)).toBeGreaterThan(0)
    const mailTo = (email: string) => readOutbox(t.config.dataDir).filter((m) => m.to.toLowerCase() === email.toLowerCase())
    // The seed mailed both (the reader discount's link): the outbox holds Ada's address too.
    expect(mailTo(ada.email).length).toBeGreaterThan(0)
    const beaMail = mailTo(bea.email).length

    const res = await injectAs(t, ada, 'POST', '/api/me/delete', { confirmEmail: ada.email })
    expect(res.statusCode, res.body).toBe(204)
    expect(mailTo(ada.email)).toEqual([])
    expect(mailTo(bea.email)).toHaveLength(beaMail)
    if (engine === 'sqlite') {
      // Nothing of Ada is left in the file's free pages or its write-ahead log either.
      const raw = Buffer.concat(
        [t.config.databaseUrl, `${t.config.databaseUrl}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)),
      )
      expect(raw.includes(ada.email), 'her e-mail in the database file').toBe(false)
      expect(raw.includes('Blend of Ada'), 'her blend name in the database file').toBe(false)
      expect(raw.includes('Blend of Bea')).toBe(true)
    }

    expect(
      Object.entries(await footprint(t.db, ada)).filter(([, n]) => n > 0),
      'rows of the deleted user',
    ).toEqual([])
    expect(await footprint(t.db, bea)).toEqual(beaBefore)
    expect(await redeemedCodes(ada)).toBe(0)
    expect(await redeemedCodes(bea)).toBeGreaterThan(0)
    // Bea's two blends and the one her import made.
    expect((await injectAs(t, bea, 'GET', '/api/blends')).json().items).toHaveLength(3)

    // Ada's claim stays, without her address, and her code stays spent.
    const claims = await t.db.kysely
      .selectFrom('redemption_claims as c')
      .innerJoin('redemption_codes as k', 'k.claim_id', 'c.id')
      .select(['c.email', 'c.verified_by', 'k.code', 'k.claimed_at'])
      .orderBy('k.code')
      .execute()
    expect(claims).toMatchObject([
      { email: ANONYMISED_CLAIM_EMAIL, verified_by: 'code', code: 'ADA-CODE-1', claimed_at: expect.any(String) },
      { email: ` ${bea.email.toUpperCase()} `.trim(), verified_by: 'code', code: 'BEA-CODE-1' },
    ])
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/redeem',
      payload: {
        email: 'thief@example.com',
        marketplace: 'amazon-us',
        purchaseMonth: new Date().toISOString().slice(0, 7),
        secretWord: '',
        redemptionCode: 'ADA-CODE-1',
        honeypot: '',
      },
    })
    expect(reuse.json()).toEqual({ verified: false })
  })
})

describe.each(ENGINES)('account action limits on %s', (engine) => {
  let t: TestAppHandle | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })
  const TOO_MANY = { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } }
  const auth = (path: string, cookie: string, payload: object, ip: string) =>
    t!.app.inject({ method: 'POST', url: `/api/auth${path}`, remoteAddress: ip, headers: { origin: t!.config.publicUrl, cookie }, payload })
  const expectLimited = (res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual(TOO_MANY)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  }

  it('limits renaming, password changes and deletion per account, from any address', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_EMAIL: '2' })
    const user = await createUser(t)
    const bystander = await createUser(t)
    for (let i = 0; i < 2; i++)
      expect((await auth('/update-user', user.cookie, { name: `Name ${i}` }, `198.51.100.${i}`)).statusCode).toBe(200)
    expectLimited(await auth('/update-user', user.cookie, { name: 'One too many' }, '198.51.100.9'))
    const change = { currentPassword: 'wrong guess', newPassword: 'a new password', revokeOtherSessions: true }
    for (let i = 0; i < 2; i++) expect((await auth('/change-password', user.cookie, change, `198.51.100.${i}`)).statusCode).toBe(400)
    expectLimited(await auth('/change-password', user.cookie, { ...change, currentPassword: user.password }, '198.51.100.9'))
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/delete',
        remoteAddress: `198.51.100.${i}`,
        headers: bearer(user.token),
        payload: { confirmEmail: 'nope@example.com' },
      })
      expect(res.statusCode).toBe(400)
    }
    const deleteRes = await t.app.inject({
      method: 'POST',
      url: '/api/me/delete',
      remoteAddress: '198.51.100.9',
      headers: bearer(user.token),
      payload: { confirmEmail: user.email },
    })
    expectLimited(deleteRes)
    // The refused deletion deleted nothing; another account is not affected.
    expect((await injectAs(t, user, 'GET', '/api/me/account')).statusCode).toBe(200)
    expect((await auth('/update-user', bystander.cookie, { name: 'Fine' }, '198.51.100.9')).statusCode).toBe(200)
  })

  it('limits signing out everywhere and deletion per client address', async () => {
    t = await createTestApp(engine)
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t!)))
    // A second process with a low per-address limit, so the sign-ups above are not what it counts.
    const strict = await buildApp({ ...t.config, authRateLimit: { perIp: 2, perEmail: 10_000 } }, { db: t.db })
    try {
      const revoke = (user: TestUser, ip: string) =>
        strict.inject({
          method: 'POST',
          url: '/api/auth/revoke-sessions',
          remoteAddress: ip,
          headers: { origin: t!.config.publicUrl, cookie: user.cookie },
          payload: {},
        })
      expect((await revoke(users[0]!, '203.0.113.5')).statusCode).toBe(200)
      expect((await revoke(users[1]!, '203.0.113.5')).statusCode).toBe(200)
      expectLimited(await revoke(users[2]!, '203.0.113.5'))
      expect((await revoke(users[2]!, '203.0.113.6')).statusCode).toBe(200)
      const del = (user: TestUser) =>
        strict.inject({
          method: 'POST',
          url: '/api/me/delete',
          remoteAddress: '203.0.113.7',
          headers: bearer(user.token),
          payload: { confirmEmail: user.email },
        })
      expect((await del(users[3]!)).statusCode).toBe(204)
      expect((await del(users[4]!)).statusCode).toBe(204)
      expectLimited(await del(users[5]!))
    } finally {
      await strict.close()
    }
  })

  // As tests/e2e/shared-limits.spec.ts: where PostgreSQL is given (CI), Redis is too.
  it.skipIf(!process.env.TEST_DATABASE_URL)('shares the per-account counts between processes through Redis', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
    t = await createTestApp(engine, { REDIS_URL: redisUrl, AUTH_RATE_LIMIT_PER_EMAIL: '2' })
    const second = await buildApp(t.config, { db: t.db })
    try {
      const user = await createUser(t)
      const wrong = (app: typeof second) =>
        app.inject({ method: 'POST', url: '/api/me/delete', headers: bearer(user.token), payload: { confirmEmail: 'nope@example.com' } })
      const rename = (app: typeof second, name: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/update-user',
          headers: { origin: t!.config.publicUrl, cookie: user.cookie },
          payload: { name },
        })
      expect((await wrong(t.app)).statusCode).toBe(400)
      expect((await wrong(second)).statusCode).toBe(400)
      expectLimited(await wrong(t.app))
      expect((await rename(second, 'One')).statusCode).toBe(200)
      expect((await rename(t.app, 'Two')).statusCode).toBe(200)
      expectLimited(await rename(second, 'Three'))
    } finally {
      await second.close()
    }
  })
})
