import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp, type TestContext } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('journal entries on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser, call: TestContext['call']
  useTestApp(engine, (ctx) => ({ t, oils, user, call } = ctx))

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
    const afterFirst = (
      await call('GET', `/api/journal-entries?limit=1&after=${(first.json() as JournalEntry[])[1]!.id}`, undefined, me)
    ).json() as JournalEntry[]
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

  it.each([[{ rating: 0 }], [{ rating: 6 }], [{ rating: 2.5 }], [{}], [{ tested: false }]])('refuses the update %j', async (patch) => {
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

  describe('dates (decision 036)', () => {
    const BATCH = { madeOn: '2026-11-20', productType: 'Lotion', weight: 500, unit: 'g', oilPercentage: 2 }

    it('stores and answers both days as sent, and an Auckland day stays that day', async () => {
      const me = await createUser(t)
      const blend = await createBlend(t, me, blendBody(oils, { name: 'Dated' }))
      const res = await call(
        'POST',
        '/api/journal-entries',
        { versionId: blend.version.id, dateMade: '2026-11-20', dateTested: '2026-11-24' },
        me,
      )
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ dateMade: '2026-11-20', dateTested: '2026-11-24', batchId: null })
      const row = await t.db.kysely
        .selectFrom('journal_entries')
        .select(['date_made', 'date_tested'])
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ date_made: '2026-11-20', date_tested: '2026-11-24' })
      // An older client in Auckland (UTC+13) sent local midnight of 20 November as UTC: still the 20th.
      const legacy = await call(
        'POST',
        '/api/journal-entries',
        { versionId: blend.version.id, dateMade: '2026-11-19T11:00:00.000Z', dateTested: '2026-11-24T02:41:07.513Z' },
        me,
      )
      expect(legacy.statusCode).toBe(201)
      expect(legacy.json()).toMatchObject({ dateMade: '2026-11-20', dateTested: '2026-11-24' })
      // Nothing sent: tested today (UTC), made the same day.
      const today = new Date().toISOString().slice(0, 10)
      expect((await call('POST', '/api/journal-entries', { versionId: blend.version.id }, me)).json()).toMatchObject({
        dateMade: today,
        dateTested: today,
      })
      // Not tested yet: no test day.
      expect(
        (await call('POST', '/api/journal-entries', { versionId: blend.version.id, dateMade: '2026-11-20', dateTested: null }, me)).json(),
      ).toMatchObject({ dateTested: null })
    })

    it('counts the day of a test as the midnights since the making, in the chart and the export', async () => {
      const me = await createUser(t)
      const blend = await createBlend(t, me, blendBody(oils, { name: 'Counted' }))
      for (const [tested, rating] of [
        ['2026-11-20', 2],
        ['2026-11-24', 4],
        ['2026-12-01', 5],
      ] as const) {
        await call('POST', '/api/journal-entries', { versionId: blend.version.id, dateMade: '2026-11-20', dateTested: tested, rating }, me)
      }
      const detail = (await call('GET', `/api/blends/${blend.id}`, undefined, me)).json() as {
        ratings: { dateMade: string; dateTested: string; rating: number }[]
      }
      expect(detail.ratings.map((r) => [r.dateMade, r.dateTested, r.rating])).toEqual([
        ['2026-11-20', '2026-11-20', 2],
        ['2026-11-20', '2026-11-24', 4],
        ['2026-11-20', '2026-12-01', 5],
      ])
      const exported = (await call('GET', '/api/export', undefined, me)).json() as {
        blends: { testEntries: { dateMade: string; dateTested: string; day: number | null }[] }[]
      }
      expect(exported.blends[0]!.testEntries.map((e) => [e.dateMade, e.dateTested, e.day])).toEqual([
        ['2026-11-20', '2026-11-20', 0],
        ['2026-11-20', '2026-11-24', 4],
        ['2026-11-20', '2026-12-01', 11],
      ])
    })

    it('refuses a test dated before the making, on create and on change, in the one error shape', async () => {
      const me = await createUser(t)
      const blend = await createBlend(t, me, blendBody(oils, { name: 'Backwards' }))
      const refused = await call(
        'POST',
        '/api/journal-entries',
        { versionId: blend.version.id, dateMade: '2026-11-20', dateTested: '2026-11-19' },
        me,
      )
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: "The test date can't be before the day the blend was made.",
      })
      expect(refused.json().error.details).toEqual([
        { path: 'body.dateTested', message: "The test date can't be before the day the blend was made." },
      ])

      const entry = (
        await call('POST', '/api/journal-entries', { versionId: blend.version.id, dateMade: '2026-11-20', dateTested: '2026-11-22' }, me)
      ).json() as JournalEntry
      // The entry as changed is checked: a made day after the test day, or a test day before the made day.
      for (const patch of [
        { dateMade: '2026-11-23' },
        { dateTested: '2026-11-19' },
        { dateMade: '2026-11-25', dateTested: '2026-11-24' },
      ]) {
        const res = await call('PATCH', `/api/journal-entries/${entry.id}`, patch, me)
        expect(res.statusCode, JSON.stringify(patch)).toBe(400)
        expect(res.json().error.message).toBe("The test date can't be before the day the blend was made.")
      }
      const moved = await call('PATCH', `/api/journal-entries/${entry.id}`, { dateMade: '2026-11-18', dateTested: '2026-11-18' }, me)
      expect(moved.statusCode).toBe(200)
      expect(moved.json()).toMatchObject({ dateMade: '2026-11-18', dateTested: '2026-11-18' })
      // An older client's ISO date-time in a change is read as its day too.
      expect(
        (await call('PATCH', `/api/journal-entries/${entry.id}`, { dateTested: '2026-11-20T11:00:00.000Z' }, me)).json(),
      ).toMatchObject({ dateTested: '2026-11-21' })
    })

    it.each([
      [{ dateMade: '20-11-2026' }],
      [{ dateMade: '2026-02-30' }],
      [{ dateTested: '2026-11-24T10:00:00' }],
      [{ dateTested: 20261124 }],
      [{ batchId: 'one' }],
      [{ batchId: 0 }],
    ])('refuses the malformed %j', async (fields) => {
      const blend = await createBlend(t, user, blendBody(oils, { name: 'Malformed' }))
      const created = await call('POST', '/api/journal-entries', { versionId: blend.version.id, ...fields })
      expect(created.statusCode).toBe(400)
      expect(created.json().error.code).toBe('VALIDATION_ERROR')
      const entry = (await call('POST', '/api/journal-entries', { versionId: blend.version.id })).json() as JournalEntry
      expect((await call('PATCH', `/api/journal-entries/${entry.id}`, fields)).statusCode).toBe(400)
    })

    it("takes the made day from a batch of the blend, and answers 404 for another's batch", async () => {
      const me = await createUser(t)
      const other = await createUser(t)
      const blend = await createBlend(t, me, blendBody(oils, { name: 'Batched' }))
      const sibling = await createBlend(t, me, blendBody(oils, { name: 'Sibling' }))
      const theirs = await createBlend(t, other, blendBody(oils, { name: 'Theirs' }))
      const batch = (await call('POST', `/api/blends/${blend.id}/batches`, BATCH, me)).json() as { id: number }
      const siblingBatch = (await call('POST', `/api/blends/${sibling.id}/batches`, BATCH, me)).json() as { id: number }
      const theirBatch = (await call('POST', `/api/blends/${theirs.id}/batches`, { ...BATCH, madeOn: '2026-11-01' }, other)).json() as {
        id: number
      }

      const res = await call(
        'POST',
        '/api/journal-entries',
        { versionId: blend.version.id, batchId: batch.id, dateMade: '2026-11-01', dateTested: '2026-11-24' },
        me,
      )
      expect(res.statusCode).toBe(201)
      const entry = res.json() as JournalEntry
      expect(entry).toMatchObject({ batchId: batch.id, dateMade: '2026-11-20', dateTested: '2026-11-24' })
      // Tested before the batch was made: refused.
      expect(
        (await call('POST', '/api/journal-entries', { versionId: blend.version.id, batchId: batch.id, dateTested: '2026-11-19' }, me))
          .statusCode,
      ).toBe(400)
      for (const batchId of [theirBatch.id, siblingBatch.id, 987_654]) {
        expect((await call('POST', '/api/journal-entries', { versionId: blend.version.id, batchId }, me)).statusCode).toBe(404)
        expect((await call('PATCH', `/api/journal-entries/${entry.id}`, { batchId }, me)).statusCode).toBe(404)
      }
      // Changing only the test day (the app sends both days) keeps the batch.
      expect(
        (await call('PATCH', `/api/journal-entries/${entry.id}`, { dateMade: '2026-11-20', dateTested: '2026-11-25' }, me)).json(),
      ).toMatchObject({ batchId: batch.id, dateTested: '2026-11-25' })
      // Another made day typed by hand unlinks the batch; choosing it again gives its day back.
      expect((await call('PATCH', `/api/journal-entries/${entry.id}`, { dateMade: '2026-11-21' }, me)).json()).toMatchObject({
        batchId: null,
        dateMade: '2026-11-21',
      })
      expect((await call('PATCH', `/api/journal-entries/${entry.id}`, { batchId: batch.id }, me)).json()).toMatchObject({
        batchId: batch.id,
        dateMade: '2026-11-20',
      })
      // Undoing the batch leaves the test with its days and no batch.
      expect((await call('DELETE', `/api/batches/${batch.id}`, undefined, me)).statusCode).toBe(204)
      const after = (await call('GET', `/api/journal-entries?projectId=${blend.id}`, undefined, me)).json() as JournalEntry[]
      expect(after[0]).toMatchObject({ batchId: null, dateMade: '2026-11-20', dateTested: '2026-11-25' })
    })
  })
})
