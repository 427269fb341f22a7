import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { readOutbox } from '#server/mail/mailer.ts'
import { claimsToCsv, exportClaims, importCodes } from '#server/redeem/redeem-codes.ts'
import { createTestApp, ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

// A fixed clock: "this month" never turns over between computing a claim and checking it.
const NOW = new Date('2026-06-15T12:00:00Z')
const thisMonth = () => '2026-06'
beforeAll(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'], shouldAdvanceTime: true })
})
afterAll(() => {
  vi.useRealTimers()
})

const claim = (overrides: Record<string, unknown> = {}) => ({
  email: 'reader@example.com',
  marketplace: 'amazon-us',
  purchaseMonth: thisMonth(),
  secretWord: '',
  redemptionCode: '',
  honeypot: '',
  ...overrides,
})

describe.each(ENGINES)('POST /api/redeem on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx), { REDEEM_SECRET_WORD: 'Rosemary', REDEEM_RATE_LIMIT_PER_IP: '10000' })
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('redemption_codes').execute()
    await t.db.kysely.deleteFrom('redemption_claims').execute()
  })

  const redeem = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/redeem', payload: body })
  const claims = () => t.db.kysely.selectFrom('redemption_claims').selectAll().orderBy('id').execute()

  it('verifies the secret word in any case, with spaces around it, and stores the claim', async () => {
    const res = await redeem(claim({ secretWord: '  rOSEMARY ', email: ' Reader@Example.com ' }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ verified: true })
    expect(await claims()).toMatchObject([
      { email: 'Reader@Example.com', marketplace: 'amazon-us', purchase_month: thisMonth(), verified_by: 'word' },
    ])
  })

  it('mails the beta link with wording for a verified and an unverified claim', async () => {
    await redeem(claim({ secretWord: 'rosemary', email: 'yes@example.com' }))
    await redeem(claim({ secretWord: 'thyme', email: 'no@example.com' }))
    const mails = readOutbox(t.config.dataDir)
    const yes = mails.find((m) => m.to === 'yes@example.com')
    const no = mails.find((m) => m.to === 'no@example.com')
    expect(yes?.link).toBe(`${t.config.publicUrl}/`)
    expect(yes?.text).toContain('locked in for launch')
    expect(no?.link).toBe(`${t.config.publicUrl}/`)
    expect(no?.text).toContain('could not verify')
  })

  it("mails the link in the reader's language: the device's choice, else the browser's (decision 096)", async () => {
    const ask = (email: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/redeem', headers, payload: claim({ secretWord: 'rosemary', email }) })
    await ask('es@example.com', { 'accept-language': 'es-MX,es;q=0.9' })
    await ask('de@example.com', { 'accept-language': 'fr', cookie: 'accord-language=de' })
    await ask('en@example.com', {})
    const mails = readOutbox(t.config.dataDir)
    const spanish = mails.find((m) => m.to === 'es@example.com')
    expect(spanish?.subject).toBe('Tu enlace a la beta de Accord y tu descuento de lanzamiento')
    expect(spanish?.text).toContain('Empieza aquí:')
    expect(spanish?.text).toContain(spanish?.link)
    expect(mails.find((m) => m.to === 'de@example.com')?.subject).toBe('Ihr Link zur Accord-Beta und Ihr Rabatt zum Start')
    expect(mails.find((m) => m.to === 'en@example.com')?.subject).toBe('Your Accord beta link and launch discount')
  })

  it('stores an unverified claim for a wrong word', async () => {
    const res = await redeem(claim({ secretWord: 'lavender' }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ verified: false })
    expect(await claims()).toMatchObject([{ verified_by: null }])
  })

  it('accepts a redemption code once; a second use is unverified', async () => {
    await importCodes(t.db, 'ABC-123\n')
    const first = await redeem(claim({ redemptionCode: ' abc-123 ' }))
    const second = await redeem(claim({ redemptionCode: 'ABC-123', email: 'other@example.com' }))
    expect(first.json()).toEqual({ verified: true })
    expect(second.json()).toEqual({ verified: false })
    const rows = await claims()
    expect(rows.map((r) => r.verified_by)).toEqual(['code', null])
    const code = await t.db.kysely.selectFrom('redemption_codes').selectAll().executeTakeFirstOrThrow()
    expect(code.claim_id).toBe(rows[0]!.id)
    expect(code.claimed_at).not.toBeNull()
  })

  it('refuses a code that was never imported', async () => {
    expect((await redeem(claim({ redemptionCode: 'NOPE' }))).json()).toEqual({ verified: false })
  })

  it.each([2, 3, 5])('verifies exactly one of %i concurrent uses of one code', async (n) => {
    await importCodes(t.db, 'RACE-1')
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => redeem(claim({ redemptionCode: 'RACE-1', email: `r${i}@example.com` }))),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(200))
    expect(results.filter((r) => (r.json() as { verified: boolean }).verified)).toHaveLength(1)
    expect((await claims()).filter((r) => r.verified_by === 'code')).toHaveLength(1)
  })

  it('answers a filled honeypot like an unverified claim and stores and mails nothing', async () => {
    const before = readOutbox(t.config.dataDir).length
    const res = await redeem(claim({ secretWord: 'rosemary', honeypot: 'http://spam.example' }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ verified: false })
    expect(await claims()).toEqual([])
    expect(readOutbox(t.config.dataDir)).toHaveLength(before)
  })

  it.each([
    ['email', { email: '' }],
    ['email', { email: 'not-an-email' }],
    ['marketplace', { marketplace: '' }],
    ['marketplace', { marketplace: 'ebay' }],
    ['purchaseMonth', { purchaseMonth: '' }],
    ['purchaseMonth', { purchaseMonth: '2019-01' }],
    ['secretWord', { secretWord: ' ', redemptionCode: '' }],
  ])('refuses a missing or bad %s with 400 in the error shape', async (field, overrides) => {
    const res = await redeem(claim({ secretWord: 'rosemary', ...overrides }))
    expect(res.statusCode).toBe(400)
    const body = res.json() as { error: { code: string; details: { path: string }[] } }
    expect(body.error.code).toBe('VALIDATION_ERROR')
    expect(body.error.details.map((d) => d.path)).toContain(`body.${field}`)
    expect(await claims()).toEqual([])
  })

  it('refuses a body without the required fields', async () => {
    const res = await redeem({})
    expect(res.statusCode).toBe(400)
  })
})

describe.each(ENGINES)('redeem rate limit on %s', (engine) => {
  let t: TestAppHandle
  beforeAll(async () => {
    t = await createTestApp(engine, { REDEEM_RATE_LIMIT_PER_IP: '3' })
  })
  afterAll(async () => t.close())

  it('answers 429 in the error shape after the per-address limit', async () => {
    const statuses: number[] = []
    let last
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/redeem', payload: claim({ secretWord: 'lavender' }) })
      statuses.push(last.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    expect(last?.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) } })
  })

  it('uses the development secret word when REDEEM_SECRET_WORD is unset', () => {
    expect(t.config.redeem).toMatchObject({ secretWord: 'lavender', secretWordIsDefault: true })
  })
})

describe.each(ENGINES)('redemption code import and claim export on %s', (engine) => {
  let t: TestAppHandle
  beforeAll(async () => {
    t = await createTestApp(engine, { REDEEM_SECRET_WORD: 'rosemary', REDEEM_RATE_LIMIT_PER_IP: '10000' })
  })
  afterAll(async () => t.close())

  it('imports one code per line, skipping blanks and duplicates, and counts them', async () => {
    expect(await importCodes(t.db, 'aaa-1\r\nBBB-2\n\n  bbb-2 \nCCC-3\n')).toEqual({ read: 4, added: 3, skipped: 1 })
    expect(await importCodes(t.db, 'AAA-1\nDDD-4\n')).toEqual({ read: 2, added: 1, skipped: 1 })
    const codes = await t.db.kysely.selectFrom('redemption_codes').select('code').orderBy('code').execute()
    expect(codes.map((c) => c.code)).toEqual(['AAA-1', 'BBB-2', 'CCC-3', 'DDD-4'])
  })

  it("imports the 'code' column of a CSV file", async () => {
    expect(await importCodes(t.db, 'batch,code\n1,eee-5\n1,"FFF-6"\n')).toEqual({ read: 2, added: 2, skipped: 0 })
  })

  it('exports every claim as CSV, with the code used and formula-like cells defused', async () => {
    await t.app.inject({ method: 'POST', url: '/api/redeem', payload: claim({ secretWord: 'Rosemary' }) })
    await t.app.inject({
      method: 'POST',
      url: '/api/redeem',
      payload: claim({ email: 'code@example.com', redemptionCode: 'eee-5', marketplace: 'etsy' }),
    })
    const { csv, count } = await exportClaims(t.db)
    expect(count).toBe(2)
    const lines = csv.trim().split('\n')
    expect(lines[0]).toBe('id,email,marketplace,purchase_month,verified_by,code,created_at')
    expect(lines[1]).toMatch(new RegExp(`^\\d+,reader@example.com,amazon-us,${thisMonth()},word,,\\d{4}-`))
    expect(lines[2]).toMatch(new RegExp(`^\\d+,code@example.com,etsy,${thisMonth()},code,EEE-5,`))
    const row = {
      id: 9,
      email: '=HYPERLINK("x")',
      marketplace: 'other',
      purchase_month: '2025-01',
      verified_by: null,
      code: null,
      created_at: 't',
    }
    expect(claimsToCsv([row]).split('\n')[1]).toBe(`9,"'=HYPERLINK(""x"")",other,2025-01,,,t`)
  })
})
