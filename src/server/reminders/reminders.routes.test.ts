import { createECDH, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReadyList, ReminderSettings } from '#shared/api/reminders.ts'
import { buildApp } from '#server/app.ts'
import { createDb } from '#server/db/db.ts'
import { loadConfig } from '#server/env.ts'
import { readOutbox } from '#server/mail/mailer.ts'
import { blendBody, createBlend, oilsByName, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** Ready to test and its reminders (decision 038), on each engine. */

const PAST = '2020-01-01T10:00:00.000Z'
/** The longest blend name the API takes (src/shared/api/blends.ts). */
const MAX_NAME = 120

/** A browser's subscription keys: a real P-256 public key and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}

describe.each(ENGINES)('reminders on %s', (engine) => {
  let t: TestAppHandle
  let oils: Awaited<ReturnType<typeof oilsByName>>

  useTestApp(engine, (ctx) => ({ t, oils } = ctx), { VAPID_SUBJECT: 'mailto:reminders@example.com' })

  const call = (who: TestUser, method: string, url: string, body?: unknown) => injectAs(t, who, method, url, body)

  /** A blend, then a version of it made long ago (so it is ready), optionally with a batch. */
  async function readyVersion(who: TestUser, name: string, madeAt = PAST) {
    const blend = await createBlend(t, who, blendBody(oils, { name }))
    const res = await call(who, 'POST', '/api/blend-versions', versionBody(oils, blend.id, { dateMade: madeAt, maturationPeriod: 48 }))
    expect(res.statusCode).toBe(201)
    return { projectId: blend.id, firstVersionId: blend.version.id, versionId: (res.json() as { id: number }).id }
  }

  const ready = async (who: TestUser) => (await call(who, 'GET', '/api/me/ready')).json() as ReadyList
  const setReminders = (who: TestUser, body: { email: boolean; push: boolean; timeZone: string }) =>
    call(who, 'PUT', '/api/me/reminders', body)

  it('lists matured versions and batches with no test since, oldest first, and forgets one once tested', async () => {
    const me = await createUser(t)
    expect(await ready(me)).toEqual({ items: [], count: 0 })
    const older = await readyVersion(me, 'Older', '2020-01-01T10:00:00.000Z')
    const newer = await readyVersion(me, 'Newer', '2021-06-01T10:00:00.000Z')
    // A batch of the newer blend made in 2022 is ready from 2022-03-03 (48 h later), at midnight UTC.
    const batch = await call(me, 'POST', `/api/blends/${newer.projectId}/batches`, {
      versionId: newer.versionId,
      madeOn: '2022-03-01',
      productType: 'Soap',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    expect(batch.statusCode).toBe(201)
    const batchId = (batch.json() as { id: number }).id

    const list = await ready(me)
    // The blends' first versions were made now and rest another 48 hours: not ready.
    expect(list.count).toBe(3)
    expect(list.items.map((i) => [i.blendName, i.versionId, i.batchId, i.madeOn])).toEqual([
      ['Older', older.versionId, null, '2020-01-01'],
      ['Newer', newer.versionId, null, '2021-06-01'],
      ['Newer', newer.versionId, batchId, '2022-03-01'],
    ])
    expect(list.items[0]!.readyAt).toBe('2020-01-03T10:00:00.000Z')
    expect(list.items[2]!.readyAt).toBe('2022-03-03T00:00:00.000Z')

    // A test dated before the batch settles the version's own reminder, not the batch's.
    expect(
      (await call(me, 'POST', '/api/journal-entries', { versionId: newer.versionId, dateTested: '2021-07-01T12:00:00.000Z' })).statusCode,
    ).toBe(201)
    expect((await ready(me)).items.map((i) => [i.blendName, i.batchId])).toEqual([
      ['Older', null],
      ['Newer', batchId],
    ])
    // A test today settles both.
    expect((await call(me, 'POST', '/api/journal-entries', { versionId: newer.versionId })).statusCode).toBe(201)
    expect((await ready(me)).items.map((i) => i.blendName)).toEqual(['Older'])

    // Another user sees none of it.
    expect(await ready(await createUser(t))).toEqual({ items: [], count: 0 })
  })

  it('carries at most five items and counts them all, in a small answer whatever the names', async () => {
    const me = await createUser(t)
    const long = (i: number) => `Blend ${i} ${'x'.repeat(MAX_NAME - 9)}`.slice(0, MAX_NAME)
    for (let i = 0; i < 7; i++) await readyVersion(me, long(i), `2020-01-0${i + 1}T10:00:00.000Z`)
    const res = await call(me, 'GET', '/api/me/ready')
    const list = res.json() as ReadyList
    expect(list.count).toBe(7)
    expect(list.items.map((i) => i.blendName)).toEqual([0, 1, 2, 3, 4].map(long))
    // Home's extra request (docs/quality.md): five items of the longest names stay under 2 kB.
    console.info(`${engine}: GET /api/me/ready with 5 items of ${MAX_NAME}-character names: ${res.rawPayload.length} bytes`)
    expect(res.rawPayload.length).toBeLessThan(2048)
  })

  it('round-trips the settings and refuses an unknown time zone', async () => {
    const me = await createUser(t)
    const before = (await call(me, 'GET', '/api/me/reminders')).json() as ReminderSettings
    expect(before).toMatchObject({ email: false, push: false, timeZone: 'UTC', pushDevices: 0 })
    expect(before.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    const saved = await setReminders(me, { email: true, push: false, timeZone: 'Europe/Paris' })
    expect(saved.statusCode).toBe(200)
    expect((await call(me, 'GET', '/api/me/reminders')).json()).toMatchObject({ email: true, push: false, timeZone: 'Europe/Paris' })
    const bad = await setReminders(me, { email: true, push: false, timeZone: 'Mars/Olympus' })
    expect(bad.statusCode).toBe(400)
    expect((await call(me, 'GET', '/api/me/reminders')).json()).toMatchObject({ timeZone: 'Europe/Paris' })
  })

  it("moves a batch's reminder to the maker's midnight when the zone changes", async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Zoned' }))
    await call(me, 'POST', `/api/blends/${blend.id}/batches`, {
      madeOn: '2022-03-01',
      productType: 'Soap',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    expect((await ready(me)).items[0]!.readyAt).toBe('2022-03-03T00:00:00.000Z')
    await setReminders(me, { email: false, push: false, timeZone: 'Pacific/Auckland' })
    expect((await ready(me)).items[0]!.readyAt).toBe('2022-03-02T11:00:00.000Z')
  })

  describe('the scheduler', () => {
    afterEach(() => fs.rmSync(path.join(t.config.dataDir, 'outbox'), { recursive: true, force: true }))

    it("links a batch's reminder to the add-test form open on that batch and its made day (decision 052)", async () => {
      const me = await createUser(t)
      await setReminders(me, { email: true, push: false, timeZone: 'UTC' })
      // A new blend's own version rests 48 hours from now; its batch made in 2022 is due.
      const blend = await createBlend(t, me, blendBody(oils, { name: 'Soap Run' }))
      const batch = await call(me, 'POST', `/api/blends/${blend.id}/batches`, {
        madeOn: '2022-03-01',
        productType: 'Soap',
        weight: 100,
        unit: 'g',
        oilPercentage: 2,
      })
      const batchId = (batch.json() as { id: number }).id
      expect((await t.app.reminders.poll()).sent).toBe(1)
      const mails = readOutbox(t.config.dataDir).filter((m) => m.to === me.email)
      expect(mails.map((m) => m.link)).toEqual([
        `${t.config.publicUrl}/journal?blend=${blend.id}&batch=${batchId}&made=2022-03-01#add-test-${blend.version.id}`,
      ])
    })

    it("writes each reminder in its maker's language (decision 096)", async () => {
      const italian = await createUser(t)
      expect((await call(italian, 'PUT', '/api/me/settings', { language: 'it' })).statusCode).toBe(200)
      await setReminders(italian, { email: true, push: false, timeZone: 'UTC' })
      await readyVersion(italian, 'Giardino')
      const english = await createUser(t)
      await setReminders(english, { email: true, push: false, timeZone: 'UTC' })
      await readyVersion(english, 'Garden')
      expect((await t.app.reminders.poll()).sent).toBe(2)
      const mails = readOutbox(t.config.dataDir)
      const theirs = mails.find((m) => m.to === italian.email)
      expect(theirs?.subject).toBe('Giardino è pronta da provare')
      expect(theirs?.text).toContain('la miscela è pronta da provare')
      expect(theirs?.text).toContain(theirs?.link)
      expect(mails.find((m) => m.to === english.email)?.subject).toBe('Garden is ready to test')
    })

    it('sends each due reminder once by e-mail, with a link to the add-test form, and nothing to makers who did not opt in', async () => {
      const on = await createUser(t)
      const off = await createUser(t)
      await setReminders(on, { email: true, push: false, timeZone: 'UTC' })
      const due = await readyVersion(on, 'Rose Garden')
      await readyVersion(off, 'Quiet')
      const tested = await readyVersion(on, 'Already Smelled')
      await call(on, 'POST', '/api/journal-entries', { versionId: tested.versionId })

      const first = await t.app.reminders.poll()
      expect(first.sent).toBe(1)
      const mails = readOutbox(t.config.dataDir)
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({ to: on.email, subject: 'Rose Garden is ready to test' })
      // The link opens the form on that version's made day (decision 052).
      expect(mails[0]!.link).toBe(`${t.config.publicUrl}/journal?blend=${due.projectId}&made=2020-01-01#add-test-${due.versionId}`)
      expect(mails[0]!.text).toContain(mails[0]!.link)

      const second = await t.app.reminders.poll()
      expect(second.claimed).toBe(0)
      expect(readOutbox(t.config.dataDir)).toHaveLength(1)
    })

    it('sends push to each browser and deletes a subscription the push service says is gone (410)', async () => {
      const received: { url: string; headers: http.IncomingHttpHeaders; bytes: number }[] = []
      const stub = http.createServer((req, res) => {
        let bytes = 0
        req.on('data', (c: Buffer) => (bytes += c.length))
        req.on('end', () => {
          received.push({ url: req.url ?? '', headers: req.headers, bytes })
          res.statusCode = req.url?.startsWith('/gone') ? 410 : req.url?.startsWith('/missing') ? 404 : 201
          res.end()
        })
      })
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
      const base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
      try {
        const me = await createUser(t)
        await setReminders(me, { email: false, push: true, timeZone: 'UTC' })
        for (const p of ['/ok', '/gone', '/missing']) {
          const res = await call(me, 'POST', '/api/me/push-subscriptions', {
            endpoint: `${base}${p}`,
            expirationTime: null,
            keys: browserKeys(),
          })
          expect(res.statusCode).toBe(201)
        }
        expect(((await call(me, 'GET', '/api/me/reminders')).json() as ReminderSettings).pushDevices).toBe(3)
        await readyVersion(me, 'Pushed')
        const result = await t.app.reminders.poll()
        expect(result).toMatchObject({ sent: 1, pruned: 2 })
        expect(received.map((r) => r.url).sort()).toEqual(['/gone', '/missing', '/ok'])
        // Encrypted, and signed with the server's VAPID key.
        for (const r of received) {
          expect(r.headers['content-encoding']).toBe('aes128gcm')
          expect(r.headers.authorization).toMatch(/^vapid t=.+, k=[A-Za-z0-9_-]{87}$/)
          expect(r.bytes).toBeGreaterThan(0)
        }
        expect(((await call(me, 'GET', '/api/me/reminders')).json() as ReminderSettings).pushDevices).toBe(1)
        // Forgetting this browser.
        expect((await call(me, 'DELETE', '/api/me/push-subscriptions', { endpoint: `${base}/ok` })).statusCode).toBe(204)
        expect((await call(me, 'DELETE', '/api/me/push-subscriptions', { endpoint: `${base}/ok` })).statusCode).toBe(404)
      } finally {
        await new Promise((resolve) => stub.close(resolve))
      }
    })

    it('never sends one twice when two servers on one database poll at once', async () => {
      const me = await createUser(t)
      await setReminders(me, { email: true, push: false, timeZone: 'UTC' })
      for (let i = 0; i < 12; i++) await readyVersion(me, `Raced ${i}`)
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-data-'))
      const otherDb = createDb(t.config.databaseUrl)
      const other = await buildApp(
        loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: t.config.databaseUrl, DATA_DIR: otherDir }),
        { db: otherDb },
      )
      try {
        const results = [
          ...(await Promise.all([t.app.reminders.poll(), other.reminders.poll()])),
          ...(await Promise.all([other.reminders.poll(), t.app.reminders.poll()])),
        ]
        expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12)
        expect(results.reduce((n, r) => n + r.claimed, 0)).toBe(12)
        const subjects = [...readOutbox(t.config.dataDir), ...readOutbox(otherDir)].map((m) => m.subject).sort()
        expect(subjects).toHaveLength(12)
        expect(new Set(subjects).size).toBe(12)
      } finally {
        await other.close()
        await otherDb.destroy()
        fs.rmSync(otherDir, { recursive: true, force: true })
      }
    })

    it('sends after a restart what fell due while the server was down, and nothing it sent before', async () => {
      const me = await createUser(t)
      await setReminders(me, { email: true, push: false, timeZone: 'UTC' })
      await readyVersion(me, 'Before the restart')
      await t.app.reminders.poll()
      expect(readOutbox(t.config.dataDir).map((m) => m.subject)).toEqual(['Before the restart is ready to test'])
      // "Down": no scheduler runs while this falls due.
      await readyVersion(me, 'While down')
      const dbAgain = createDb(t.config.databaseUrl)
      const restarted = await buildApp(
        loadConfig({
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
          DATABASE_URL: t.config.databaseUrl,
          DATA_DIR: t.config.dataDir,
          REMINDER_POLL_SECONDS: '1',
        }),
        { db: dbAgain },
      )
      try {
        restarted.reminders.start()
        const deadline = Date.now() + 5000
        while (readOutbox(t.config.dataDir).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      } finally {
        await restarted.close()
        await dbAgain.destroy()
      }
      expect(readOutbox(t.config.dataDir).map((m) => m.subject)).toEqual([
        'Before the restart is ready to test',
        'While down is ready to test',
      ])
    })
  })

  it("deleting a blend takes its reminders, Undo brings them back, and undoing a batch forgets the batch's", async () => {
    const me = await createUser(t)
    const a = await readyVersion(me, 'Deleted')
    const batch = await call(me, 'POST', `/api/blends/${a.projectId}/batches`, {
      madeOn: '2022-03-01',
      productType: 'Soap',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    expect((await ready(me)).count).toBe(2)
    expect((await call(me, 'DELETE', `/api/batches/${(batch.json() as { id: number }).id}`)).statusCode).toBe(204)
    expect((await ready(me)).count).toBe(1)
    expect((await call(me, 'DELETE', `/api/blends/${a.projectId}`)).statusCode).toBe(204)
    expect(await ready(me)).toEqual({ items: [], count: 0 })
    const rows = await t.db.kysely.selectFrom('reminders').select('id').where('user_id', '=', me.userId).execute()
    // The blend's first version and the dated one: none left once deleted.
    expect(rows).toEqual([])
    expect((await call(me, 'POST', `/api/blends/${a.projectId}/restore`)).statusCode).toBe(204)
    expect((await ready(me)).items.map((i) => i.versionId)).toEqual([a.versionId])
  })

  it('deleting the account deletes its reminders and push subscriptions', async () => {
    const me = await createUser(t)
    await readyVersion(me, 'Gone')
    await call(me, 'POST', '/api/me/push-subscriptions', { endpoint: 'https://push.example.com/abc', keys: browserKeys() })
    const del = await call(me, 'POST', '/api/me/delete', { confirmEmail: me.email })
    expect(del.statusCode).toBeLessThan(300)
    expect(await t.db.kysely.selectFrom('reminders').select('id').where('user_id', '=', me.userId).execute()).toEqual([])
    expect(await t.db.kysely.selectFrom('push_subscriptions').select('id').where('user_id', '=', me.userId).execute()).toEqual([])
  })
})
