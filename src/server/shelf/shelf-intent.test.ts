import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportFile } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, Bottle, BottleList } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * One intent, every door (issue 33): each write rule of docs/product.md on the shelf ("The oil
 * shelf", "Allergen labels") is sent through the API, through the assistant's add_bottle where it
 * can say it, and in an import file, and all of them must store it or all refuse it. A door that
 * skips a rule fails here. The doors' refusal codes are not the same by design (an import names an
 * oil the catalog lacks as UNKNOWN_OILS, the API an unknown id as VALIDATION_ERROR); each is pinned.
 */

type Door = 'api' | 'mcp' | 'import'
type Seen = { stored: boolean; code: string | null }

/** How an intent is sent through each door it can pass; an absent door cannot say it. */
type Intent = {
  rule: string
  stored: boolean
  codes: Partial<Record<Door, string>>
  api: (maker: Maker) => Promise<Seen>
  mcp?: (maker: Maker) => Promise<Seen>
  /** Changes a copy of the reference export (one bottle, one blend with one batch) to say the intent. */
  file?: (file: ExportFile) => void
}

type Maker = { user: TestUser; blendId: number; versionId: number; bottle: Bottle }

describe.each(ENGINES)('one intent, every door, on the shelf on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, owner: TestUser
  let base: string
  let reference: ExportFile
  const tokens = new TestMcpTokens()
  const clients: Client[] = []
  useTestApp(
    engine,
    (ctx) => ({ t, oils, user: owner } = ctx),
    { MCP_RATE_LIMIT_PER_MINUTE: '10000' },
    {
      mcpAuthenticator: tokens.authenticate,
    },
  )

  const seen = (status: number, body: string): Seen => ({
    stored: status < 300,
    code: status < 300 ? null : ((JSON.parse(body) as { error: { code: string } }).error.code ?? null),
  })
  const bottleCount = async (who: TestUser) =>
    ((await injectAs(t, who, 'GET', '/api/shelf/bottles?limit=200')).json() as BottleList).items.length

  /** A new account with one blend and one 10 mL Lavender bottle: each door is tried on its own. */
  async function maker(): Promise<Maker> {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${crypto.randomUUID()}` }))
    const res = await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 10 })
    expect(res.statusCode, res.body).toBe(201)
    return { user, blendId: blend.id, versionId: blend.version.id, bottle: res.json() as Bottle }
  }

  const post = async (m: Maker, url: string, body: unknown, method = 'POST') => {
    const res = await injectAs(t, m.user, method, url, body)
    return seen(res.statusCode, res.body)
  }
  const addBottle = async (m: Maker, body: Record<string, unknown>): Promise<Seen> => {
    const client = await connectMcp(base, tokens.issue(m.user.userId))
    clients.push(client)
    const before = await bottleCount(m.user)
    const result = (await client.callTool({ name: 'add_bottle', arguments: { ...body, idempotencyKey: crypto.randomUUID() } })) as {
      isError?: boolean
      content: { text?: string }[]
    }
    const stored = (await bottleCount(m.user)) === before + 1
    expect(stored, 'a refused tool call stores nothing').toBe(!result.isError)
    return { stored, code: result.isError ? 'TOOL_ERROR' : null }
  }
  /** The reference file changed by `change`, imported into a new account: stored or refused, and nothing stored when refused. */
  async function importChanged(change: (file: ExportFile) => void): Promise<Seen> {
    const file = structuredClone(reference)
    change(file)
    const user = await createUser(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    })
    const result = seen(res.statusCode, res.body)
    expect(await bottleCount(user), res.body).toBe(result.stored ? file.shelf.length : 0)
    return result
  }

  const lavender = () => oils.Lavender!.id
  const declaration = (items: { entryId: string; percent: number }[], basis: 'w/w' | 'w/v' = 'w/w') => ({ basis, items })
  const fileDeclaration = (file: ExportFile, items: { entryId: string; percent: number }[], basis: 'w/w' | 'w/v' = 'w/w') => {
    file.shelf[0]!.declaration = { basis, items, updatedAt: file.exportedAt }
  }
  const tomorrowAnywhere = '2999-01-01'
  type Limit = { category: string; limit: number | 'no-restriction' }
  const ifraCertificate = (limits: Limit[]) => ({ amendment: '51st', issuedOn: '2026-03-14', limits })
  const fileIfraCertificate = (file: ExportFile, limits: Limit[]) => {
    file.shelf[0]!.ifraCertificate = { ...ifraCertificate(limits), updatedAt: file.exportedAt } as never
  }

  const INTENTS: Intent[] = [
    {
      rule: 'a bottle of a catalog oil, what is left within its size, is stored',
      stored: true,
      codes: {},
      api: (m) => post(m, '/api/shelf/bottles', { oilId: lavender(), unit: 'mL', size: 30, remaining: 12, price: 9 }),
      mcp: (m) => addBottle(m, { oilId: lavender(), unit: 'mL', size: 30, remaining: 12, price: 9 }),
      file: () => {},
    },
    {
      rule: 'a bottle is of a catalog oil',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', mcp: 'TOOL_ERROR', import: 'UNKNOWN_OILS' },
      api: (m) => post(m, '/api/shelf/bottles', { oilId: 987654, unit: 'mL', size: 30 }),
      mcp: (m) => addBottle(m, { oilId: 987654, unit: 'mL', size: 30 }),
      file: (f) => Object.assign(f.shelf[0]!, { slug: 'no-such-oil', name: 'No Such Oil' }),
    },
    {
      rule: 'what is left is never more than the size',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', mcp: 'TOOL_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) => post(m, '/api/shelf/bottles', { oilId: lavender(), unit: 'mL', size: 10, remaining: 11 }),
      mcp: (m) => addBottle(m, { oilId: lavender(), unit: 'mL', size: 10, remaining: 11 }),
      file: (f) => Object.assign(f.shelf[0]!, { remaining: f.shelf[0]!.size + 1 }),
    },
    {
      rule: 'a bottle keeps the opened and best-before days given (decision 079)',
      stored: true,
      codes: {},
      api: (m) =>
        post(m, '/api/shelf/bottles', {
          oilId: lavender(),
          unit: 'mL',
          size: 10,
          purchasedOn: '2026-01-02',
          openedOn: '2026-02-01',
          bestBefore: '2027-01-01',
        }),
      mcp: (m) =>
        addBottle(m, {
          oilId: lavender(),
          unit: 'mL',
          size: 10,
          purchasedOn: '2026-01-02',
          openedOn: '2026-02-01',
          bestBefore: '2027-01-01',
        }),
      file: (f) => Object.assign(f.shelf[0]!, { purchasedOn: '2026-01-02', openedOn: '2026-02-01', bestBefore: '2027-01-01' }),
    },
    {
      rule: 'a bottle is not opened before it was bought',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', mcp: 'TOOL_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(m, '/api/shelf/bottles', { oilId: lavender(), unit: 'mL', size: 10, purchasedOn: '2026-03-01', openedOn: '2026-02-01' }),
      mcp: (m) => addBottle(m, { oilId: lavender(), unit: 'mL', size: 10, purchasedOn: '2026-03-01', openedOn: '2026-02-01' }),
      file: (f) => Object.assign(f.shelf[0]!, { purchasedOn: '2026-03-01', openedOn: '2026-02-01' }),
    },
    {
      rule: 'a bottle is not opened after today',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', mcp: 'TOOL_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) => post(m, '/api/shelf/bottles', { oilId: lavender(), unit: 'mL', size: 10, openedOn: tomorrowAnywhere }),
      mcp: (m) => addBottle(m, { oilId: lavender(), unit: 'mL', size: 10, openedOn: tomorrowAnywhere }),
      file: (f) => Object.assign(f.shelf[0]!, { purchasedOn: null, openedOn: tomorrowAnywhere }),
    },
    {
      rule: 'a declaration lists each allergen once',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(
          m,
          `/api/shelf/bottles/${m.bottle.id}/declaration`,
          declaration([
            { entryId: 'linalool', percent: 10 },
            { entryId: 'linalool', percent: 20 },
          ]),
          'PUT',
        ),
      file: (f) =>
        fileDeclaration(f, [
          { entryId: 'linalool', percent: 10 },
          { entryId: 'linalool', percent: 20 },
        ]),
    },
    {
      rule: 'a declaration totals at most 100 %',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(
          m,
          `/api/shelf/bottles/${m.bottle.id}/declaration`,
          declaration([
            { entryId: 'linalool', percent: 60 },
            { entryId: 'limonene', percent: 50 },
          ]),
          'PUT',
        ),
      file: (f) =>
        fileDeclaration(f, [
          { entryId: 'linalool', percent: 60 },
          { entryId: 'limonene', percent: 50 },
        ]),
    },
    {
      rule: 'a w/v declaration totals at most 100 × the oil’s density',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(
          m,
          `/api/shelf/bottles/${m.bottle.id}/declaration`,
          declaration(
            [
              { entryId: 'linalool', percent: 50 },
              { entryId: 'limonene', percent: 49 },
            ],
            'w/v',
          ),
          'PUT',
        ),
      file: (f) =>
        fileDeclaration(
          f,
          [
            { entryId: 'linalool', percent: 50 },
            { entryId: 'limonene', percent: 49 },
          ],
          'w/v',
        ),
    },
    {
      rule: 'a batch is never made after today',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(m, `/api/blends/${m.blendId}/batches`, {
          madeOn: tomorrowAnywhere,
          productType: 'lotion',
          weight: 100,
          unit: 'g',
          oilPercentage: 2,
        }),
      file: (f) => Object.assign(f.blends[0]!.batches[0]!, { madeOn: tomorrowAnywhere }),
    },
    {
      rule: 'a home product’s batch has no cosmetic label',
      stored: false,
      codes: { api: 'NOT_A_COSMETIC', import: 'NOT_A_COSMETIC' },
      api: async (m) => {
        const made = await injectAs(t, m.user, 'POST', `/api/blends/${m.blendId}/batches`, {
          madeOn: '2026-01-02',
          productType: 'candles',
          weight: 100,
          unit: 'g',
          oilPercentage: 2,
        })
        expect(made.statusCode, made.body).toBe(201)
        const batch = made.json() as Batch
        return post(
          m,
          `/api/blends/${m.blendId}/batches/${batch.id}/label`,
          { productType: 'lotion', fragranceAs: 'inci', base: [] },
          'PUT',
        )
      },
      file: (f) => Object.assign(f.blends[0]!.batches[0]!, { productType: 'candles' }),
    },
    {
      rule: 'a batch records who it was made for (decision 069)',
      stored: true,
      codes: {},
      api: (m) =>
        post(m, `/api/blends/${m.blendId}/batches`, {
          madeOn: '2026-01-02',
          productType: 'lotion',
          audience: 'child-2-6-years',
          weight: 100,
          unit: 'g',
          oilPercentage: 1,
        }),
      file: (f) => Object.assign(f.blends[0]!.batches[0]!, { audience: 'child-2-6-years' }),
    },
    {
      rule: 'a batch is made for one of the audiences Accord knows',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(m, `/api/blends/${m.blendId}/batches`, {
          madeOn: '2026-01-02',
          productType: 'lotion',
          audience: 'toddlers',
          weight: 100,
          unit: 'g',
          oilPercentage: 1,
        }),
      file: (f) => Object.assign(f.blends[0]!.batches[0]!, { audience: 'toddlers' }),
    },
    // The maker's checks at the time of making (issue 36, decision 081): stored by Mark as made and by an import alike.
    {
      rule: 'a batch records the maker’s checks at the time of making',
      stored: true,
      codes: {},
      api: (m) =>
        post(m, `/api/blends/${m.blendId}/batches`, {
          madeOn: '2026-01-02',
          productType: 'lotion',
          weight: 100,
          unit: 'g',
          oilPercentage: 1,
          crossContaminationPrevented: false,
          weighedInGrams: true,
        }),
      file: (f) => Object.assign(f.blends[0]!.batches[0]!, { crossContaminationPrevented: false, weighedInGrams: true }),
    },
    {
      rule: 'a batch’s check is true or false',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(m, `/api/blends/${m.blendId}/batches`, {
          madeOn: '2026-01-02',
          productType: 'lotion',
          weight: 100,
          unit: 'g',
          oilPercentage: 1,
          weighedInGrams: 'yes',
        }),
      file: (f) => Object.assign(f.blends[0]!.batches[0]!, { weighedInGrams: 'yes' }),
    },
    // IFRA certificates (decision 070): stored by PUT and by an import, held to the same rules.
    {
      rule: 'an IFRA certificate with an amendment and its categories’ limits is stored',
      stored: true,
      codes: {},
      api: (m) => post(m, `/api/shelf/bottles/${m.bottle.id}/ifra-certificate`, ifraCertificate([{ category: '5A', limit: 0.61 }]), 'PUT'),
      file: (f) => fileIfraCertificate(f, [{ category: '5A', limit: 0.61 }]),
    },
    {
      rule: 'an IFRA certificate lists each category once',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(
          m,
          `/api/shelf/bottles/${m.bottle.id}/ifra-certificate`,
          ifraCertificate([
            { category: '4', limit: 1 },
            { category: '4', limit: 2 },
          ]),
          'PUT',
        ),
      file: (f) =>
        fileIfraCertificate(f, [
          { category: '4', limit: 1 },
          { category: '4', limit: 2 },
        ]),
    },
    {
      rule: 'an IFRA certificate’s limit is at most 100 %',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) => post(m, `/api/shelf/bottles/${m.bottle.id}/ifra-certificate`, ifraCertificate([{ category: '9', limit: 120 }]), 'PUT'),
      file: (f) => fileIfraCertificate(f, [{ category: '9', limit: 120 }]),
    },
    {
      rule: 'an IFRA certificate names its amendment',
      stored: false,
      codes: { api: 'VALIDATION_ERROR', import: 'VALIDATION_ERROR' },
      api: (m) =>
        post(
          m,
          `/api/shelf/bottles/${m.bottle.id}/ifra-certificate`,
          { ...ifraCertificate([{ category: '9', limit: 1 }]), amendment: ' ' },
          'PUT',
        ),
      file: (f) => {
        fileIfraCertificate(f, [{ category: '9', limit: 1 }])
        f.shelf[0]!.ifraCertificate!.amendment = ' '
      },
    },
  ]

  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
    // The reference export: one declared bottle, one blend with one batch whose label is saved.
    const blend = await createBlend(t, owner, blendBody(oils, { name: 'Reference' }))
    for (const oil of ['Bergamot', 'Lavender', 'Atlas Cedarwood']) {
      const res = await injectAs(t, owner, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 50, price: 10 })
      expect(res.statusCode, res.body).toBe(201)
    }
    const made = await injectAs(t, owner, 'POST', `/api/blends/${blend.id}/batches`, {
      madeOn: '2026-01-02',
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    expect(made.statusCode, made.body).toBe(201)
    const batch = made.json() as Batch
    const labelled = await injectAs(t, owner, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, { fragranceAs: 'inci', base: [] })
    expect(labelled.statusCode, labelled.body).toBe(200)
    const exported = await injectAs(t, owner, 'GET', '/api/export')
    expect(exported.statusCode).toBe(200)
    reference = exported.json() as ExportFile
    expect(reference.blends[0]!.batches[0]!.label).toBeTruthy()
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
  })

  it.each(INTENTS.map((intent) => [intent.rule, intent] as const))('%s: the same outcome through every door', async (_rule, intent) => {
    const outcomes: Partial<Record<Door, Seen>> = { api: await intent.api(await maker()) }
    if (intent.mcp) outcomes.mcp = await intent.mcp(await maker())
    if (intent.file) outcomes.import = await importChanged(intent.file)
    for (const [door, outcome] of Object.entries(outcomes) as [Door, Seen][]) {
      expect({ door, stored: outcome.stored }).toEqual({ door, stored: intent.stored })
      expect({ door, code: outcome.code }).toEqual({ door, code: intent.codes[door] ?? null })
    }
    // Every rule is said through the API and an import file; add_bottle is the assistant's only shelf write.
    expect(outcomes.import, 'every rule is tried in an import file').toBeDefined()
  })
})
