import { beforeAll, describe, expect, it } from 'vitest'
import type { BlendDetail, BlendListPage } from '#shared/api/blend-list.ts'
import type { MeSummary } from '#shared/api/me.ts'
import { seedJournal } from '#tests/support/blend-fixtures.ts'
import { ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

const BLENDS = 5_000
/** What Home and the journal's first screen may cost on the wire, whatever the size of the collection. */
const SUMMARY_MAX_BYTES = 10 * 1024
const FIRST_PAGE_MAX_BYTES = 50 * 1024

/**
 * Budgets that do not depend on the machine: with 5,000 blends the answers the screens load stay
 * small, and a page costs the same queries as with two blends (blend-lists.test.ts counts them).
 */
describe.each(ENGINES)('a collection of 5,000 blends on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let ids: number[]
  useTestApp(engine, (ctx) => ({ t, user } = ctx))
  beforeAll(async () => {
    ids = await seedJournal(
      t.db,
      user.userId,
      Array.from({ length: BLENDS }, (_, i) => ({ name: `Evening Calm Variation ${i + 1}`, tests: i % 3 === 0 ? 3 : 0 })),
    )
  }, 120_000)

  const bytesOf = async (url: string) => {
    const res = await injectAs(t, user, 'GET', url)
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200)
    return { bytes: Buffer.byteLength(res.body), body: res.json() as unknown }
  }

  it(`answers Home's summary in under ${SUMMARY_MAX_BYTES / 1024} kB`, async () => {
    const { bytes, body } = await bytesOf('/api/me/summary')
    console.info(`${engine}: GET /api/me/summary with ${BLENDS} blends: ${bytes} bytes`)
    expect((body as MeSummary).blendCount).toBe(BLENDS)
    expect((body as MeSummary).recent).toHaveLength(5)
    expect(bytes).toBeLessThanOrEqual(SUMMARY_MAX_BYTES)
  })

  it(`answers the journal's first page in under ${FIRST_PAGE_MAX_BYTES / 1024} kB, and a full page of 100 in about twice that`, async () => {
    const first = await bytesOf('/api/blends')
    const page = first.body as BlendListPage
    expect(page.items).toHaveLength(50)
    expect(page.counts).toEqual({ all: BLENDS, tested: Math.ceil(BLENDS / 3), untested: BLENDS - Math.ceil(BLENDS / 3) })
    expect(first.bytes).toBeLessThanOrEqual(FIRST_PAGE_MAX_BYTES)
    const searched = await bytesOf('/api/blends?q=variation%204&sort=name&status=tested')
    const full = await bytesOf('/api/blends?limit=100')
    const deep = await bytesOf(`/api/blends?limit=100&cursor=${Buffer.from(JSON.stringify(['r', 4_950])).toString('base64url')}`)
    expect((deep.body as BlendListPage).items).toHaveLength(50)
    expect(full.bytes).toBeLessThanOrEqual(2 * FIRST_PAGE_MAX_BYTES)
    const detail = await bytesOf(`/api/blends/${ids[0]}`)
    expect((detail.body as BlendDetail).entries).toHaveLength(3)
    console.info(
      `${engine}: GET /api/blends first page ${first.bytes} bytes (${Math.round(first.bytes / 50)} per item); ` +
        `searched ${searched.bytes}; limit=100 ${full.bytes}; last page ${deep.bytes}; a blend's detail ${detail.bytes}`,
    )
  })
})
