import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { AccordUses } from '#shared/api/blends.ts'
import { ExportFileSchema, type ExportFile, type ImportResult } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, oilsByName } from '#tests/support/blend-fixtures.ts'
import { nastyValue } from '#tests/support/hostile.ts'
import { bearer, createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/**
 * Accords in the export and the import (export version 5; decision 072, amended 2026-11-27): the
 * file keeps each version's flattened layers and adds its own oils and accords; an import relinks
 * an accord whose version the file holds, and keeps the snapshot of one it lacks, unlinked.
 */
describe.each(ENGINES)('accords in the export and import on %s', (engine) => {
  let t: TestAppHandle
  let maker: TestUser
  let oils: Record<string, EssentialOil>
  let file: ExportFile
  let citrusId: number
  let hostId: number

  beforeAll(async () => {
    t = await createTestApp(engine)
    maker = await createUser(t)
    oils = await oilsByName(t)
    const citrus = await createBlend(t, maker, blendBody(oils, { name: 'Citrus Dawn', notes: null }))
    citrusId = citrus.id
    const host = await createBlend(t, maker, blendBody(oils, { name: 'Evening Calm', notes: null }))
    hostId = host.id
    const o = (name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })
    const res = await injectAs(t, maker, 'POST', '/api/blend-versions', {
      projectId: host.id,
      topOils: [o('Bergamot', 30)],
      middleOils: [o('Lavender', 20)],
      baseOils: [o('Vetiver', 20)],
      accords: [{ layer: 'middle', versionId: citrus.version.id, percentage: 30 }],
    })
    expect(res.statusCode, res.body).toBe(201)
    file = ExportFileSchema.parse((await injectAs(t, maker, 'GET', '/api/export')).json()) as ExportFile
  })
  afterAll(async () => t.close())

  const importAs = (who: TestUser, body: unknown, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/import${query}`,
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  const detailOf = async (who: TestUser, id: number) => (await injectAs(t, who, 'GET', `/api/blends/${id}`)).json() as BlendDetail
  const blendNamed = async (who: TestUser, name: string) => {
    const row = await t.db.kysely
      .selectFrom('blend_projects')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
    return detailOf(who, row.id)
  }
  const rowsOf = async (who: TestUser, table: 'blend_projects' | 'blend_versions' | 'blend_accord_uses') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', who.userId)
          .executeTakeFirstOrThrow()
      ).n,
    )
  const hostVersion = (f: ExportFile) => f.blends.find((b) => b.name === 'Evening Calm')!.versions[1]!
  /** The flattened layers as names and percentages. */
  const flat = (v: Pick<BlendDetail['versions'][number], 'topOils' | 'middleOils' | 'baseOils'>) =>
    [v.topOils, v.middleOils, v.baseOils].map((l) => l.map((x) => [x.name, x.percentage]))

  it("writes a version's accords and own oils beside its flattened layers, which an old reader still reads", async () => {
    const detail = await detailOf(maker, hostId)
    const citrus = await detailOf(maker, citrusId)
    const v = hostVersion(file)
    expect(v.middleOils.map((x) => [x.name, x.percentage])).toEqual(detail.versions[1]!.middleOils.map((x) => [x.name, x.percentage]))
    expect(v.ownOils).toEqual({
      topOils: [{ slug: oils.Bergamot!.slug, name: 'Bergamot', percentage: 30 }],
      middleOils: [{ slug: oils.Lavender!.slug, name: 'Lavender', percentage: 20 }],
      baseOils: [{ slug: oils.Vetiver!.slug, name: 'Vetiver', percentage: 20 }],
    })
    expect(v.accords).toEqual([
      {
        layer: 'middle',
        versionId: citrus.versions[0]!.id,
        projectId: citrusId,
        name: 'Citrus Dawn',
        referenceNumber: citrus.versions[0]!.referenceNumber,
        percentage: 30,
        oils: detail.versions[1]!.accords[0]!.oils.map((x) => ({
          slug: Object.values(oils).find((c) => c.id === x.id)!.slug,
          name: x.name,
          percentage: x.percentage,
        })),
        contains: [citrusId],
        depth: 1,
      },
    ])
    // A version without accords is written as before: no ownOils, no accords.
    expect(file.blends.find((b) => b.name === 'Citrus Dawn')!.versions[0]).not.toHaveProperty('accords')
    // The file's oils list names the accord's oils too.
    expect(file.oils.map((x) => x.name)).toEqual(expect.arrayContaining(['Bergamot', 'Lavender', 'Vetiver', 'Atlas Cedarwood']))
  })

  it('imports the accord relinked to the imported version: its name, new reference, percentage and oils, and its use recorded', async () => {
    const fresh = await createUser(t)
    const res = await importAs(fresh, file)
    expect(res.statusCode, res.body).toBe(201)
    const citrus = await blendNamed(fresh, 'Citrus Dawn')
    const host = await blendNamed(fresh, 'Evening Calm')
    const original = await detailOf(maker, hostId)
    const [accord] = host.versions[1]!.accords
    expect(accord).toEqual({
      ...original.versions[1]!.accords[0]!,
      versionId: citrus.versions[0]!.id,
      projectId: citrus.id,
      referenceNumber: citrus.versions[0]!.referenceNumber,
    })
    expect(accord!.versionId).not.toBe(original.versions[1]!.accords[0]!.versionId)
    expect(host.versions[1]!.ownOils).toEqual(original.versions[1]!.ownOils)
    expect(flat(host.versions[1]!)).toEqual(flat(original.versions[1]!))
    // blend_accord_uses (migration 0033): the delete dialog of the imported accord names the host.
    const uses = (await injectAs(t, fresh, 'GET', `/api/blends/${citrus.id}/accord-uses`)).json() as AccordUses
    expect(uses.blends.map((b) => [b.name, b.versions.map((v) => v.referenceNumber)])).toEqual([
      ['Evening Calm', [host.versions[1]!.referenceNumber]],
    ])
    expect(await rowsOf(fresh, 'blend_accord_uses')).toBe(1)
    // Imported again: nothing twice, and the relinked line stands.
    const again = await importAs(fresh, file)
    expect(again.statusCode, again.body).toBe(201)
    expect((again.json() as ImportResult).created).toMatchObject({ blends: 0, versions: 0 })
    expect(await rowsOf(fresh, 'blend_accord_uses')).toBe(1)
  })

  it('keeps the snapshot of an accord whose version is not in the file, read as a deleted accord keeping its oils, linked to nothing', async () => {
    const fresh = await createUser(t)
    const without = structuredClone(file)
    without.blends = without.blends.filter((b) => b.name !== 'Citrus Dawn')
    const res = await importAs(fresh, without)
    expect(res.statusCode, res.body).toBe(201)
    const host = await blendNamed(fresh, 'Evening Calm')
    const original = await detailOf(maker, hostId)
    const [accord] = host.versions[1]!.accords
    // The file's ids are the exporting account's: never kept, so they cannot name the maker's rows.
    expect(accord).toMatchObject({ projectId: null, versionId: 0, newerVersion: null, name: 'Citrus Dawn', percentage: 30 })
    expect(accord!.oils).toEqual(original.versions[1]!.accords[0]!.oils)
    expect(flat(host.versions[1]!)).toEqual(flat(original.versions[1]!))
    const stored = await t.db.kysely
      .selectFrom('blend_versions')
      .select('middle_oils')
      .where('id', '=', host.versions[1]!.id)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(stored.middle_oils).at(-1).accord).toMatchObject({ versionId: 0, projectId: 0, contains: [] })
    expect(await rowsOf(fresh, 'blend_accord_uses')).toBe(0)
  })

  it('still imports a version 4 file (flattened layers only): the composition as plain oils', async () => {
    const fresh = await createUser(t)
    const old = structuredClone(file) as Record<string, unknown> & ExportFile
    ;(old as { version: number }).version = 4
    delete old.ingredients
    for (const b of old.blends)
      for (const v of b.versions) {
        delete v.accords
        delete v.ownOils
      }
    const res = await importAs(fresh, old)
    expect(res.statusCode, res.body).toBe(201)
    const host = await blendNamed(fresh, 'Evening Calm')
    expect(host.versions[1]!.accords).toEqual([])
    expect(flat(host.versions[1]!)).toEqual(flat((await detailOf(maker, hostId)).versions[1]!))
    expect(await rowsOf(fresh, 'blend_accord_uses')).toBe(0)
  })

  it('previews a file with accords without storing anything: the flattened layers of each blend', async () => {
    const fresh = await createUser(t)
    const res = await importAs(fresh, file, '?dryRun=true')
    expect(res.statusCode, res.body).toBe(200)
    const preview = res.json() as ImportResult
    expect(preview.created).toMatchObject({ blends: 2, versions: 3 })
    const original = await detailOf(maker, hostId)
    const item = preview.preview.find((p) => p.name === 'Evening Calm')!
    expect([item.topOils, item.middleOils, item.baseOils].map((l) => l.map((x) => [x.name, x.percentage]))).toEqual(
      flat(original.versions[1]!),
    )
    expect(await rowsOf(fresh, 'blend_projects')).toBe(0)
  })

  it("answers any value put anywhere in a version's accords or own oils with a success or a 4xx, storing nothing when it refuses, and never linking another maker's rows", async () => {
    const paths: (string | number)[][] = []
    const walk = (value: unknown, path: (string | number)[]) => {
      paths.push(path)
      if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k])
    }
    const blendAt = file.blends.findIndex((b) => b.name === 'Evening Calm')
    const { accords, ownOils } = hostVersion(file)
    walk(accords, ['blends', blendAt, 'versions', 1, 'accords'])
    walk(ownOils, ['blends', blendAt, 'versions', 1, 'ownOils'])
    const counts = async (fresh: TestUser) => [await rowsOf(fresh, 'blend_versions'), await rowsOf(fresh, 'blend_accord_uses')]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), nastyValue, async (path, value) => {
        const mangled = structuredClone(file) as unknown as Record<string | number, unknown>
        let at: Record<string | number, unknown> = mangled
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
        at[path.at(-1)!] = value
        // A new maker each run, so every run's file is imported, not skipped as imported before.
        const fresh = await createUser(t)
        const before = await counts(fresh)
        const res = await importAs(fresh, mangled)
        expect(res.statusCode, `${path.join('.')} = ${JSON.stringify(value)}: ${res.body.slice(0, 200)}`).toBeLessThan(500)
        if (res.statusCode >= 400) expect(await counts(fresh)).toEqual(before)
        // Whatever was stored links only the importing maker's own blends, or none.
        const own = new Set(
          (await t.db.kysely.selectFrom('blend_projects').select('id').where('user_id', '=', fresh.userId).execute()).map((r) => r.id),
        )
        const uses = await t.db.kysely
          .selectFrom('blend_accord_uses')
          .select('accord_project_id')
          .where('user_id', '=', fresh.userId)
          .execute()
        for (const u of uses) expect(own.has(u.accord_project_id)).toBe(true)
      }),
      { numRuns: 30 },
    )
  })

  describe('refuses a hostile accord line, naming it and storing nothing', () => {
    const refused = async (mutate: (f: ExportFile) => void, path: string, message: RegExp) => {
      const fresh = await createUser(t)
      const bad = structuredClone(file)
      mutate(bad)
      const res = await importAs(fresh, bad)
      expect(res.statusCode, res.body).toBe(400)
      const { error } = res.json()
      expect(error.code).toBe('VALIDATION_ERROR')
      expect(error.details).toContainEqual({ path, message: expect.stringMatching(message) })
      expect(error.message).toContain(path)
      expect(await rowsOf(fresh, 'blend_projects')).toBe(0)
      expect(await rowsOf(fresh, 'blend_versions')).toBe(0)
    }
    const at = (f: ExportFile) => f.blends.findIndex((b) => b.name === 'Evening Calm')

    it('a huge accord version id', async () => {
      await refused(
        (f) => (hostVersion(f).accords![0]!.versionId = 2 ** 53),
        `blends[${at(file)}].versions[1].accords[0].versionId`,
        /^Ids are at most /,
      )
    })

    it('an accord line without its version id', async () => {
      await refused(
        (f) => delete (hostVersion(f).accords![0] as Partial<NonNullable<ExportFile['blends'][0]['versions'][0]['accords']>[0]>).versionId,
        `blends[${at(file)}].versions[1].accords[0].versionId`,
        /./,
      )
    })

    it('an accord whose oils and own oils do not total 100%', async () => {
      await refused((f) => (hostVersion(f).accords![0]!.percentage = 80), `blends[${at(file)}].versions[1].accords`, /total 100%/)
    })

    it('a cycle inside the file: the accord blend holding its host as an accord', async () => {
      const citrusAt = file.blends.findIndex((b) => b.name === 'Citrus Dawn')
      await refused(
        (f) => {
          const citrus = f.blends[citrusAt]!.versions[0]!
          const host = hostVersion(f)
          // Citrus Dawn a: half its own oils, half Evening Calm b.
          citrus.ownOils = {
            topOils: citrus.topOils.map((o) => ({ ...o, percentage: o.percentage / 2 })),
            middleOils: citrus.middleOils.map((o) => ({ ...o, percentage: o.percentage / 2 })),
            baseOils: citrus.baseOils.map((o) => ({ ...o, percentage: o.percentage / 2 })),
          }
          citrus.accords = [
            {
              layer: 'middle',
              versionId: host.id,
              projectId: hostId,
              name: 'Evening Calm',
              referenceNumber: host.referenceNumber,
              percentage: 50,
              oils: [{ slug: oils.Lavender!.slug, name: 'Lavender', percentage: 100 }],
              contains: [hostId, citrusId],
              depth: 2,
            },
          ]
        },
        `blends[${at(file) > citrusAt ? at(file) : citrusAt}].versions[${at(file) > citrusAt ? 1 : 0}].accords[0].versionId`,
        /a blend cannot contain itself$/,
      )
    })
  })
})
