import { describe, expect, it } from 'vitest'
import { ExportFileSchema, type ExportFile } from '#shared/api/export.ts'
import type { IfraCertificate, PutIfraCertificate } from '#shared/api/ifra.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BatchList, Bottle, BottleList } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Export version 4 carries each bottle's IFRA certificate and each batch's recorded IFRA check
 * (decision 070); importing gives another account the same certificates, and the check's bottles
 * are that account's. Version 3 files, without them, still import.
 */
describe.each(ENGINES)('IFRA certificates in export and import on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const importAs = (who: TestUser, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  const bottles = async (who: TestUser) =>
    [...((await injectAs(t, who, 'GET', '/api/shelf/bottles?limit=200')).json() as BottleList).items].sort((a, b) => a.id - b.id)
  const certificateOf = async (who: TestUser, id: number) =>
    ((await injectAs(t, who, 'GET', `/api/shelf/bottles/${id}/ifra-certificate`)).json() as { certificate: IfraCertificate | null })
      .certificate
  const lavenderCert: PutIfraCertificate = {
    amendment: '51st',
    issuedOn: '2026-03-14',
    limits: [
      { category: '5A', limit: 0.61 },
      { category: '12', limit: 'no-restriction' },
    ],
  }

  async function exported() {
    const maker = await createUser(t)
    const blend = await createBlend(t, maker, blendBody(oils, { name: 'Lotion' }))
    const lavender = (
      await injectAs(t, maker, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 30, lotCode: 'LAV-1' })
    ).json() as Bottle
    const bergamot = (
      await injectAs(t, maker, 'POST', '/api/shelf/bottles', { oilId: oils.Bergamot!.id, unit: 'mL', size: 30 })
    ).json() as Bottle
    expect((await injectAs(t, maker, 'PUT', `/api/shelf/bottles/${lavender.id}/ifra-certificate`, lavenderCert)).statusCode).toBe(200)
    const made = await injectAs(t, maker, 'POST', `/api/blends/${blend.id}/batches`, {
      madeOn: '2026-11-22',
      productType: 'lotion',
      weight: 200,
      unit: 'g',
      oilPercentage: 1,
    })
    expect(made.statusCode, made.body).toBe(201)
    const file = (await injectAs(t, maker, 'GET', '/api/export')).json() as ExportFile
    return { maker, file, lavender, bergamot, batch: made.json() as Batch }
  }

  it('writes each bottle’s certificate and each batch’s check, and imports them into another account', async () => {
    const { file, lavender, batch } = await exported()
    expect(() => ExportFileSchema.parse(file)).not.toThrow()
    expect(file.version).toBe(5) // version 5 still carries version 4's certificates and checks
    expect(
      file.shelf.map((b) => b.ifraCertificate && { amendment: b.ifraCertificate.amendment, limits: b.ifraCertificate.limits }),
    ).toEqual([{ amendment: '51st', limits: lavenderCert.limits }, null])
    expect(file.blends[0]!.batches[0]!.ifra).toEqual(batch.ifra)

    const fresh = await createUser(t)
    const res = await importAs(fresh, file)
    expect(res.statusCode, res.body).toBe(201)
    const [newLavender, newBergamot] = await bottles(fresh)
    expect(await certificateOf(fresh, newLavender!.id)).toMatchObject({
      amendment: '51st',
      issuedOn: '2026-03-14',
      limits: lavenderCert.limits,
    })
    expect(await certificateOf(fresh, newBergamot!.id)).toBeNull()

    const list = (await injectAs(t, fresh, 'GET', '/api/blends?sort=reference')).json() as { items: { id: number }[] }
    const imported = ((await injectAs(t, fresh, 'GET', `/api/blends/${list.items[0]!.id}/batches`)).json() as BatchList).items[0]!
    const lavenderLine = imported.ifra!.oils.find((o) => o.oilName === 'Lavender')!
    expect(lavenderLine.lots).toEqual([
      { bottleId: newLavender!.id, lotCode: 'LAV-1', amendment: '51st', issuedOn: '2026-03-14', limit: 0.61 },
    ])
    expect(lavender.id).not.toBe(newLavender!.id)
    expect({ ...imported.ifra, oils: [] }).toEqual({ ...batch.ifra, oils: [] })
  })

  it('still imports a version 3 file, which has no certificates', async () => {
    const { file } = await exported()
    const older = structuredClone(file) as Omit<ExportFile, 'version'> & { version: number }
    older.version = 3
    for (const b of older.shelf) delete b.ifraCertificate
    for (const batch of older.blends[0]!.batches) delete batch.ifra
    const fresh = await createUser(t)
    expect((await importAs(fresh, older)).statusCode).toBe(201)
    for (const b of await bottles(fresh)) expect(await certificateOf(fresh, b.id)).toBeNull()
  })

  it('refuses a file whose certificate lists a category twice or a limit over 100 %, storing nothing', async () => {
    const { file } = await exported()
    for (const limits of [
      [
        { category: '5A', limit: 1 },
        { category: '5A', limit: 2 },
      ],
      [{ category: '5A', limit: 101 }],
    ]) {
      const bad = structuredClone(file)
      bad.shelf[0]!.ifraCertificate!.limits = limits as never
      const fresh = await createUser(t)
      const res = await importAs(fresh, bad)
      expect(res.statusCode, res.body).toBe(400)
      expect(JSON.stringify(res.json())).toContain('shelf[0].ifraCertificate.limits')
      expect(await bottles(fresh)).toEqual([])
    }
  })
})
