import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, oilsByName, versionBody } from '#tests/support/blend-fixtures.ts'
import { createTestApp, injectAs, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

describe.each(ENGINES)('journal entries on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  let user: TestUser
  beforeAll(async () => {
    t = await createTestApp(engine)
    oils = await oilsByName(t)
    user = await createUser(t)
  })
  afterAll(async () => t.close())

  const call = (method: string, url: string, payload?: unknown, who: TestUser = user) =>
    injectAs(t, who, method, url, payload)

  it('records a dated test of a version with the spec defaults and a TB- reference', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Tested Blend' }))
    const res = await call('POST', '/api/journal-entries', { versionId: blend.version.id, notes: 'Bright at first', rating: 4 }, me)
    expect(res.statusCode).toBe(201)
    const entry = res.json() as JournalEntry
    expect(entry).toMatchObject({
      versionId: blend.version.id,
      projectId: blend.id,
      referenceNumber: 'TB-001a-000001',
      blendName: 'Tested Blend',
      notes: 'Bright at first',
      rating: 4,
      tested: true,
      maturationPeriod: 48,
      maturationComplete: false,
      crossContaminationPrevented: true,
      weighedInGrams: false,
    })
    expect(entry.topOils[0]!.name).toBe('Bergamot')
    const second = (await call('POST', '/api/journal-entries', { versionId: blend.version.id }, me)).json() as JournalEntry
    expect(second.referenceNumber).toBe('TB-001a-000002')
    expect(second.rating).toBeNull()
    const list = (await call('GET', '/api/journal-entries', undefined, me)).json() as JournalEntry[]
    expect(list.map((e) => e.referenceNumber)).toEqual(['TB-001a-000001', 'TB-001a-000002'])
  })

  it('pages through entries with a cursor and filters by blend', async () => {
    const me = await createUser(t)
    const one = await createBlend(t, me, blendBody(oils, { name: 'Paged One' }))
    const two = await createBlend(t, me, blendBody(oils, { name: 'Paged Two' }))
    for (const blend of [one, two, one, two, one]) await call('POST', '/api/journal-entries', { versionId: blend.version.id }, me)
    const first = await call('GET', '/api/journal-entries?limit=2', undefined, me)
    expect((first.json() as JournalEntry[]).map((e) => e.referenceNumber)).toEqual(['TB-001a-000001', 'TB-002a-000002'])
    const cursor = first.headers['x-next-cursor']
    expect(cursor).toBeDefined()
    const rest = await call('GET', `/api/journal-entries?limit=10&cursor=${String(cursor)}`, undefined, me)
    expect((rest.json() as JournalEntry[]).map((e) => e.referenceNumber)).toEqual(['TB-001a-000003', 'TB-002a-000004', 'TB-001a-000005'])
    expect(rest.headers['x-next-cursor']).toBeUndefined()
    // `after` (an entry id) still says where to start.
    const afterFirst = (await call('GET', `/api/journal-entries?limit=1&after=${(first.json() as JournalEntry[])[1]!.id}`, undefined, me)).json() as JournalEntry[]
    expect(afterFirst.map((e) => e.referenceNumber)).toEqual(['TB-001a-000003'])
    const onlyOne = (await call('GET', `/api/journal-entries?projectId=${one.id}`, undefined, me)).json() as JournalEntry[]
    expect(onlyOne.map((e) => e.blendName)).toEqual(['Paged One', 'Paged One', 'Paged One'])
  })

  it('names the version in the reference of an entry for version b', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Two Versions' }))
    const v = (await call('POST', '/api/blend-versions', versionBody(oils, blend.id), me)).json() as { id: number }
    const entry = (await call('POST', '/api/journal-entries', { versionId: v.id }, me)).json() as JournalEntry
    expect(entry.referenceNumber).toBe('TB-001b-000001')
    expect(entry.topOils.map((o) => o.name)).toEqual(['Bergamot', 'Lemon'])
  })

  it('autosaves a rating, clears it with null, and saves notes', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Autosave' }))
    const entry = (await call('POST', '/api/journal-entries', { versionId: blend.version.id }, user)).json() as JournalEntry
    expect((await call('PATCH', `/api/journal-entries/${entry.id}`, { rating: 5 })).json().rating).toBe(5)
    expect((await call('PATCH', `/api/journal-entries/${entry.id}`, { rating: null })).json().rating).toBeNull()
    const withNotes = (await call('PATCH', `/api/journal-entries/${entry.id}`, { notes: 'Rounder on day 3' })).json()
    expect(withNotes).toMatchObject({ notes: 'Rounder on day 3', rating: null })
  })

  it.each([
    [{ rating: 0 }],
    [{ rating: 6 }],
    [{ rating: 2.5 }],
    [{}],
    [{ tested: false }],
  ])('refuses the update %j', async (patch) => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Refusals' }))
    const entry = (await call('POST', '/api/journal-entries', { versionId: blend.version.id }, user)).json() as JournalEntry
    const res = await call('PATCH', `/api/journal-entries/${entry.id}`, patch)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('VALIDATION_ERROR')
  })

  it('answers 404 for a version or entry that is not there', async () => {
    expect((await call('POST', '/api/journal-entries', { versionId: 987_654 })).statusCode).toBe(404)
    expect((await call('PATCH', '/api/journal-entries/987654', { rating: 3 })).statusCode).toBe(404)
  })

  it('deletes a blend with its versions and test entries, leaving others intact', async () => {
    const me = await createUser(t)
    const keep = await createBlend(t, me, blendBody(oils, { name: 'Keep' }))
    const drop = await createBlend(t, me, blendBody(oils, { name: 'Drop' }))
    await call('POST', '/api/journal-entries', { versionId: keep.version.id }, me)
    await call('POST', '/api/journal-entries', { versionId: drop.version.id }, me)
    expect((await call('DELETE', `/api/blends/${drop.id}`, undefined, me)).statusCode).toBe(204)
    const left = (await call('GET', '/api/journal-entries', undefined, me)).json() as JournalEntry[]
    expect(left.map((e) => e.blendName)).toEqual(['Keep'])
    const rows = await t.db.kysely.selectFrom('journal_entries').select('project_id').where('project_id', '=', drop.id).execute()
    expect(rows).toEqual([])
  })
})
