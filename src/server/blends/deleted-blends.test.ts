import { describe, expect, it } from 'vitest'
import type { BlendDetail, BlendListPage } from '#shared/api/blend-list.ts'
import type { ExportFile } from '#shared/api/export.ts'
import type { MeSummary } from '#shared/api/me.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { RESTORE_WINDOW_MS } from '#server/blends/deleted-blends.repo.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** Delete and Undo (docs/decisions/030-undo-delete.md): deleted at once everywhere, restorable for a while, exactly. */
describe.each(ENGINES)('deleting and restoring a blend on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown) => injectAs(t, who, method, url, payload)
  const ok = async <T>(who: TestUser, url: string) => {
    const res = await call(who, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as T
  }

  /** A user with a kept blend and a blend of two versions, a rated test and a share link. */
  async function seed() {
    const me = await createUser(t)
    const keep = await createBlend(t, me, blendBody(oils, { name: 'Keep Me' }))
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Drop Me' }))
    expect((await call(me, 'POST', '/api/blend-versions', versionBody(oils, blend.id))).statusCode).toBe(201)
    const entry = await call(me, 'POST', '/api/journal-entries', { versionId: blend.version.id, notes: 'green at first', rating: 4 })
    expect(entry.statusCode).toBe(201)
    const share = await call(me, 'POST', `/api/blends/${blend.id}/shares`, {})
    expect(share.statusCode).toBe(201)
    return { me, keep, blend, token: (share.json() as { token: string }).token }
  }

  it('removes the blend from every list, count, export and link at once', async () => {
    const { me, keep, blend, token } = await seed()
    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)

    const page = await ok<BlendListPage>(me, '/api/blends')
    expect(page.items.map((b) => b.id)).toEqual([keep.id])
    expect(page.counts).toEqual({ all: 1, tested: 0, untested: 1 })
    expect((await ok<MeSummary>(me, '/api/me/summary')).recent.map((b) => b.id)).toEqual([keep.id])
    expect((await ok<ExportFile>(me, '/api/export')).blends.map((b) => b.name)).toEqual(['Keep Me'])
    expect(await ok<unknown[]>(me, '/api/journal-entries')).toEqual([])
    expect((await call(me, 'GET', `/api/blends/${blend.id}`)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(404)
    // Gone is gone: a second delete finds nothing.
    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(404)
  })

  it('brings back its batches with the blend, each still undoable onto the shelf', async () => {
    const { me, blend } = await seed()
    const bottle = await call(me, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 100, price: 20 })
    const other = await call(me, 'POST', '/api/shelf/bottles', { oilId: oils.Bergamot!.id, unit: 'mL', size: 100 })
    expect([bottle.statusCode, other.statusCode]).toEqual([201, 201])
    const made = await call(me, 'POST', `/api/blends/${blend.id}/batches`, {
      versionId: blend.version.id,
      madeOn: '2026-11-20',
      productType: 'Soap',
      weight: 500,
      unit: 'g',
      oilPercentage: 3,
    })
    expect(made.statusCode, made.body).toBe(201)
    const batch = made.json() as { id: number }
    // Its allergen label, saved with it, comes back with it too.
    const labelled = await call(me, 'PUT', `/api/blends/${blend.id}/batches/${batch.id}/label`, { productType: 'cold-process-soap' })
    expect(labelled.statusCode, labelled.body).toBe(200)
    const shelfAfterBatch = await ok<{ items: { oilId: number; remainingMl: number }[] }>(me, '/api/shelf/oils')
    const lavenderLeft = shelfAfterBatch.items.find((o) => o.oilId === oils.Lavender!.id)!.remainingMl
    expect(lavenderLeft).toBeLessThan(100)

    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    // The shelf stays as the batch left it (decision 026), and the batch is gone with its blend.
    expect(await ok(me, '/api/shelf/oils')).toEqual(shelfAfterBatch)
    expect((await call(me, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(404)
    // A bottle deleted meanwhile keeps nothing of the batch.
    expect((await call(me, 'DELETE', `/api/shelf/bottles/${(other.json() as { id: number }).id}`)).statusCode).toBe(204)

    expect((await call(me, 'POST', `/api/blends/${blend.id}/restore`)).statusCode).toBe(204)
    const batches = await ok<{ items: { id: number; label: { savedAt: string } | null }[] }>(me, `/api/blends/${blend.id}/batches`)
    expect(batches.items.map((b) => b.id)).toEqual([batch.id])
    expect(batches.items[0]!.label?.savedAt).toBe(labelled.json().computedAt)
    expect(await ok(me, `/api/blends/${blend.id}/batches/${batch.id}/label`)).toEqual({ label: labelled.json() })
    expect((await call(me, 'DELETE', `/api/batches/${batch.id}`)).statusCode).toBe(204)
    const shelf = await ok<{ items: { oilId: number; remainingMl: number }[] }>(me, '/api/shelf/oils')
    expect(shelf.items.find((o) => o.oilId === oils.Lavender!.id)!.remainingMl).toBeCloseTo(100, 6)
  })

  it('brings back a batch whose code was given to a later batch meanwhile with the next code of its day', async () => {
    const { me, keep, blend } = await seed()
    const batchOn = (b: { id: number; version: { id: number } }) =>
      call(me, 'POST', `/api/blends/${b.id}/batches`, {
        versionId: b.version.id,
        madeOn: '2026-11-20',
        productType: 'Soap',
        weight: 500,
        unit: 'g',
        oilPercentage: 3,
      })
    const made = await batchOn(blend)
    expect(made.statusCode, made.body).toBe(201)
    const batch = made.json() as { id: number; code: string }
    expect(batch.code).toBe('261120-1')
    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    // With the blend gone, its batch's code is free: the day's next batch takes it.
    const later = await batchOn(keep)
    expect(later.statusCode, later.body).toBe(201)
    expect((later.json() as { code: string }).code).toBe('261120-1')

    const restored = await call(me, 'POST', `/api/blends/${blend.id}/restore`)
    expect(restored.statusCode, restored.body).toBe(204)
    const back = await ok<{ items: { id: number; code: string }[] }>(me, `/api/blends/${blend.id}/batches`)
    expect(back.items.map((b) => [b.id, b.code])).toEqual([[batch.id, '261120-2']])
    const kept = await ok<{ items: { code: string }[] }>(me, `/api/blends/${keep.id}/batches`)
    expect(kept.items.map((b) => b.code)).toEqual(['261120-1'])
  })

  it('brings back a test linked to its batch, and a test kept before its days were dates as the days they stood for', async () => {
    const { me, blend } = await seed()
    const made = await call(me, 'POST', `/api/blends/${blend.id}/batches`, {
      versionId: blend.version.id,
      madeOn: '2026-11-20',
      productType: 'Soap',
      weight: 500,
      unit: 'g',
      oilPercentage: 3,
    })
    const batch = made.json() as { id: number }
    const linked = await call(me, 'POST', '/api/journal-entries', {
      versionId: blend.version.id,
      batchId: batch.id,
      dateTested: '2026-11-22',
    })
    expect(linked.statusCode, linked.body).toBe(201)
    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    // Kept before migration 0015: the entries' days were ISO date-times (midnight in Auckland, a moment of saving).
    const kept = await t.db.kysely
      .selectFrom('deleted_blends')
      .select(['id', 'rows'])
      .where('project_id', '=', blend.id)
      .executeTakeFirstOrThrow()
    const rows = JSON.parse(kept.rows) as { entries: { id: number; date_made: string; date_tested: string | null }[] }
    const legacy = rows.entries.find((e) => e.id !== (linked.json() as { id: number }).id)!
    Object.assign(legacy, { date_made: '2026-11-19T11:00:00.000Z', date_tested: '2026-11-23T02:41:07.000Z' })
    await t.db.kysely
      .updateTable('deleted_blends')
      .set({ rows: JSON.stringify(rows) })
      .where('id', '=', kept.id)
      .execute()

    expect((await call(me, 'POST', `/api/blends/${blend.id}/restore`)).statusCode).toBe(204)
    const entries = await ok<{ id: number; batchId: number | null; dateMade: string; dateTested: string | null }[]>(
      me,
      `/api/journal-entries?projectId=${blend.id}`,
    )
    expect(entries.find((e) => e.id === legacy.id)).toMatchObject({ dateMade: '2026-11-20', dateTested: '2026-11-23', batchId: null })
    expect(entries.find((e) => e.id === (linked.json() as { id: number }).id)).toMatchObject({
      batchId: batch.id,
      dateMade: '2026-11-20',
      dateTested: '2026-11-22',
    })
  })

  it('puts it back exactly as it was: versions, tests, ratings, references and links', async () => {
    const { me, blend, token } = await seed()
    const before = await ok<BlendDetail>(me, `/api/blends/${blend.id}`)
    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    expect((await call(me, 'POST', `/api/blends/${blend.id}/restore`)).statusCode).toBe(204)

    expect(await ok<BlendDetail>(me, `/api/blends/${blend.id}`)).toEqual(before)
    expect((await ok<BlendListPage>(me, '/api/blends')).counts).toEqual({ all: 2, tested: 1, untested: 1 })
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${token}` })).statusCode).toBe(200)
    // A repeated Undo is harmless; new blends still take the next number.
    expect((await call(me, 'POST', `/api/blends/${blend.id}/restore`)).statusCode).toBe(204)
    expect((await createBlend(t, me, blendBody(oils, { name: 'Third' }))).referenceNumber).toBe('003a')
  })

  it('stays deleted when nobody undoes it, and cannot be restored after the window', async () => {
    const { me, blend } = await seed()
    expect((await call(me, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    // As if the delete had happened longer ago than the window.
    const long = new Date(Date.now() - RESTORE_WINDOW_MS - 1000).toISOString()
    await t.app.db.kysely.updateTable('deleted_blends').set({ deleted_at: long }).where('project_id', '=', blend.id).execute()

    const res = await call(me, 'POST', `/api/blends/${blend.id}/restore`)
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
    expect((await call(me, 'GET', `/api/blends/${blend.id}`)).statusCode).toBe(404)
    // The kept rows are swept once their window has passed.
    const kept = await t.app.db.kysely.selectFrom('deleted_blends').select('id').where('project_id', '=', blend.id).execute()
    expect(kept).toEqual([])
  })

  it('answers 404 for a blend that was never deleted or never existed', async () => {
    const me = await createUser(t)
    expect((await call(me, 'POST', '/api/blends/424242/restore')).statusCode).toBe(404)
  })
})
