import { describe, expect, it } from 'vitest'
import { ExportFileSchema } from '#shared/api/export.ts'
import type { Batch, BatchList } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'
import type { EssentialOil } from '#shared/api/oils.ts'

/** "Mark as made" records who the batch was for (decision 069), and export and import keep it. */
describe.each(ENGINES)('who a batch was made for, on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const body = { madeOn: '2026-11-20', productType: 'lotion', weight: 100, unit: 'g', oilPercentage: 1, units: null }
  const batchesOf = async (who: TestUser, blendId: number) =>
    ((await injectAs(t, who, 'GET', `/api/blends/${blendId}/batches`)).json() as BatchList).items
  const importAs = (who: TestUser, file: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    })

  it('records a lotion for a child of 4, lists it so, and says adults when not asked', async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: 'For Small Hands' }))
    const made = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, { ...body, audience: 'child-2-6-years' })
    expect(made.statusCode, made.body).toBe(201)
    expect((made.json() as Batch).audience).toBe('child-2-6-years')
    const plain = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, body)
    expect((plain.json() as Batch).audience).toBe('adults')
    expect((await batchesOf(user, blend.id)).map((b) => b.audience).sort()).toEqual(['adults', 'child-2-6-years'])
  })

  it('refuses an audience it does not know, naming the field, and records nothing', async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Refused' }))
    const res = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, { ...body, audience: 'toddlers' })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('Who it is for is one of adults')
    expect(await batchesOf(user, blend.id)).toEqual([])
  })

  it('exports who each batch was for, imports it back, and reads an older file without it as adults', async () => {
    const maker = await createUser(t)
    const blend = await createBlend(t, maker, blendBody(oils, { name: 'Exported For A Child' }))
    await injectAs(t, maker, 'POST', `/api/blends/${blend.id}/batches`, { ...body, audience: 'pregnancy' })
    const exported = await injectAs(t, maker, 'GET', '/api/export')
    expect(exported.statusCode).toBe(200)
    const file = ExportFileSchema.parse(exported.json())
    const batches = file.blends.flatMap((b) => ('batches' in b ? b.batches : []))
    expect(batches.map((b) => b.audience)).toEqual(['pregnancy'])

    const fresh = await createUser(t)
    expect((await importAs(fresh, exported.json())).statusCode).toBe(201)
    const list = (await injectAs(t, fresh, 'GET', '/api/blends')).json() as { items: { id: number }[] }
    expect((await batchesOf(fresh, list.items[0]!.id)).map((b) => b.audience)).toEqual(['pregnancy'])

    const older = structuredClone(exported.json()) as { blends: { batches: Record<string, unknown>[] }[] }
    for (const b of older.blends) for (const batch of b.batches) delete batch.audience
    const another = await createUser(t)
    const res = await importAs(another, older)
    expect(res.statusCode, res.body).toBe(201)
    const theirs = (await injectAs(t, another, 'GET', '/api/blends')).json() as { items: { id: number }[] }
    expect((await batchesOf(another, theirs.items[0]!.id)).map((b) => b.audience)).toEqual(['adults'])
  })
})
