import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import { EXPORT_VERSION, ExportFileSchema, type ExportFile } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, oilsByName, seedJournal, versionBody } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { countedQueries as countQueriesOf } from '#tests/support/query-counter.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const HOSTILE = "=cmd|' /C calc'!A0"

describe.each(ENGINES)('data export on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let oils: Record<string, EssentialOil>
  let first: number
  beforeAll(async () => {
    t = await createTestApp(engine)
    user = await createUser(t, { name: 'Exporting Maker' })
    oils = await oilsByName(t)
    const calm = await createBlend(t, user, blendBody(oils, { name: 'Evening Calm', notes: 'First try, "quoted", with a comma' }))
    first = calm.id
    const v = await injectAs(
      t,
      user,
      'POST',
      '/api/blend-versions',
      versionBody(oils, calm.id, { formulationNotes: '+brighter\nsecond line', rating: 4 }),
    )
    expect(v.statusCode, v.body).toBe(201)
    await injectAs(t, user, 'POST', '/api/journal-entries', { versionId: calm.version.id, notes: '@softened after two days', rating: 5 })
    await injectAs(t, user, 'POST', '/api/journal-entries', { versionId: v.json().id, notes: '-too sharp', rating: 2 })
    await createBlend(t, user, blendBody(oils, { name: HOSTILE, notes: '\tTabbed' }))
  })
  afterAll(async () => t.close())

  it('downloads the whole journal as one JSON attachment in the published format', async () => {
    const res = await injectAs(t, user, 'GET', '/api/export')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="accord-export-${new Date().toISOString().slice(0, 10)}.json"`)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const file = ExportFileSchema.parse(res.json()) as ExportFile
    expect(file).toMatchObject({
      format: 'accord-export',
      version: EXPORT_VERSION,
      profile: { name: 'Exporting Maker', email: user.email },
      settings: { currency: null, reminders: { email: false, push: false, timeZone: 'UTC' } },
      shelf: [],
    })
    expect(file.blends.every((b) => b.batches.length === 0)).toBe(true)
    expect(file.blends.map((b) => [b.name, b.blendNumber, b.versions.map((v) => v.versionLetter)])).toEqual([
      ['Evening Calm', 1, ['a', 'b']],
      [HOSTILE, 2, ['a']],
    ])
    // Every field the journal shows, as the detail API answers it.
    const detail = (await injectAs(t, user, 'GET', `/api/blends/${first}`)).json() as BlendDetail
    const calm = file.blends[0]!
    expect(calm).toMatchObject({ id: detail.id, createdAt: detail.createdAt, description: null })
    expect(calm.versions).toEqual(
      // The export holds the flattened layers; a version with accords adds ownOils and accords (decision 078), and these have none.
      detail.versions.map(({ projectId: _p, testCount: _c, accords: _a, ownOils: _o, topOils, middleOils, baseOils, ...v }) => {
        const slugged = (list: typeof topOils) =>
          list.map((o) => ({ slug: Object.values(oils).find((x) => x.id === o.id)!.slug, name: o.name, percentage: o.percentage }))
        return { ...v, topOils: slugged(topOils), middleOils: slugged(middleOils), baseOils: slugged(baseOils) }
      }),
    )
    expect(calm.testEntries).toEqual(
      detail.entries.map((e) => ({
        id: e.id,
        versionId: e.versionId,
        referenceNumber: e.referenceNumber,
        dateMade: e.dateMade,
        dateTested: e.dateTested,
        day: 0,
        batchId: null,
        notes: e.notes,
        rating: e.rating,
        tested: e.tested,
        maturationPeriod: e.maturationPeriod,
        maturationComplete: e.maturationComplete,
        crossContaminationPrevented: e.crossContaminationPrevented,
        weighedInGrams: e.weighedInGrams,
        createdAt: e.createdAt,
      })),
    )
    expect(calm.versions[1]!.topOils.map((o) => o.slug)).toEqual([oils.Bergamot!.slug, oils.Lemon!.slug])
    // The oils the file names, each once.
    expect(file.oils.map((o) => o.name).sort()).toEqual(['Atlas Cedarwood', 'Bergamot', 'Lavender', 'Lemon'])
  })

  it('exports an empty journal as a valid file with no blends', async () => {
    const fresh = await createUser(t)
    const file = ExportFileSchema.parse((await injectAs(t, fresh, 'GET', '/api/export')).json())
    expect(file.blends).toEqual([])
    expect(file.oils).toEqual([])
  })

  const csvOf = async (url: string) => {
    const res = await injectAs(t, user, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    return { res, rows: parse(res.body, { bom: true }) as string[][] }
  }

  it('writes blends.csv: one row per version, quoted where needed, ISO dates, formulas neutralised', async () => {
    const { res, rows } = await csvOf('/api/export/blends.csv')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="accord-blends-\d{4}-\d{2}-\d{2}\.csv"$/)
    const [header, ...body] = rows
    expect(header).toEqual([
      'Blend',
      'Reference',
      'Version',
      'Top oils',
      'Top %',
      'Middle oils',
      'Middle %',
      'Base oils',
      'Base %',
      'Effects',
      'Blend notes',
      'Testing notes',
      'Rating',
      'Date made',
      'Date tested',
      'Created',
    ])
    expect(body.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Evening Calm', '001a', 'a'],
      ['Evening Calm', '001b', 'b'],
      [`'${HOSTILE}`, '002a', 'a'],
    ])
    expect(body[1]!.slice(3, 9)).toEqual(['Bergamot 15%; Lemon 15%', '30', 'Lavender 50%', '50', 'Atlas Cedarwood 20%', '20'])
    // Quotes, commas and line breaks survive; a cell starting with + or a tab cannot run as a formula.
    expect(body[0]![10]).toBe('First try, "quoted", with a comma')
    expect(body[1]![10]).toBe("'+brighter\nsecond line")
    expect(body[2]![10]).toBe("'\tTabbed")
    expect(body[1]![12]).toBe('4')
    for (const row of body) {
      expect(row[13]).toMatch(ISO)
      expect(row[15]).toMatch(ISO)
    }
    expect(res.body).toContain(`'${HOSTILE}`)
    expect(res.body).not.toMatch(/(^|,|\n)=cmd/)
  })

  it('writes test-entries.csv: one row per entry with its version, rating and neutralised notes', async () => {
    const { rows } = await csvOf('/api/export/test-entries.csv')
    const [header, ...body] = rows
    expect(header).toEqual([
      'Reference',
      'Blend',
      'Version',
      'Date made',
      'Date tested',
      'Day',
      'Rating',
      'Tested',
      'Maturation (hours)',
      'Maturation complete',
      'Notes',
      'Created',
    ])
    expect(body.map((r) => [r[0], r[1], r[2], r[5], r[6], r[7], r[10]])).toEqual([
      ['TB-001a-000001', 'Evening Calm', '001a', '0', '5', 'yes', "'@softened after two days"],
      ['TB-001b-000002', 'Evening Calm', '001b', '0', '2', 'yes', "'-too sharp"],
    ])
    // The made and tested days as calendar dates (decision 036), the time of writing as a moment.
    for (const row of body)
      expect([row[3], row[4], row[11]]).toEqual([
        expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        expect.stringMatching(ISO),
      ])
  })
})

describe.each(ENGINES)('a large export on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx))

  const countedQueries = (work: () => Promise<unknown>) => countQueriesOf(t, work)

  it('is read a page of 200 blends at a time: the queries grow with pages, not blends, and every blend arrives', async () => {
    const [few, many] = [await createUser(t), await createUser(t)]
    await seedJournal(t.db, few.userId, [{ name: 'Only one', tests: 2 }])
    const BLENDS = 450
    await seedJournal(
      t.db,
      many.userId,
      Array.from({ length: BLENDS }, (_, i) => ({ name: `Variation ${i + 1}`, tests: i % 2 })),
    )
    const exportOf = async (who: TestUser) => {
      // The guard re-checks a session every few seconds, and the catalog is read once: a request just before keeps both out of the count.
      await injectAs(t, who, 'GET', '/api/export/test-entries.csv')
      let body = ''
      const queries = await countedQueries(async () => {
        const res = await injectAs(t, who, 'GET', '/api/export')
        expect(res.statusCode).toBe(200)
        body = res.body
      })
      return { queries, file: ExportFileSchema.parse(JSON.parse(body)) }
    }
    const small = await exportOf(few)
    const started = performance.now()
    const large = await exportOf(many)
    console.info(`${engine}: GET /api/export of ${BLENDS} blends: ${large.queries} queries, ${Math.round(performance.now() - started)} ms`)
    // The profile and settings, four queries (blends, versions, entries, batches) per page (1 page for one blend,
    // 3 for 450; a fifth for the draws only when there are batches), then one page of the (empty) shelf;
    // one for the maker's own ingredients (decision 068), one for their facts (the file's `ingredients`, version 5),
    // and one asking whether the maker keeps documents (then the export is an archive; decision 084).
    expect(small.queries).toBe(2 + 4 + 1 + 1 + 1 + 1)
    expect(large.queries).toBe(2 + 4 * 3 + 1 + 1 + 1 + 1)
    expect(large.file.blends.map((b) => b.blendNumber)).toEqual(Array.from({ length: BLENDS }, (_, i) => i + 1))
    expect(large.file.blends.reduce((n, b) => n + b.testEntries.length, 0)).toBe(BLENDS / 2)
    expect(new Set(large.file.blends.map((b) => b.name)).size).toBe(BLENDS)
  }, 60_000)
})
