import { describe, expect, it } from 'vitest'
import type { ExportFile } from '#shared/api/export.ts'
import type { ClpNotice, LabelSettings } from '#shared/api/labels.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BatchList, Bottle } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Labels that can go on a jar (decision 050): every batch gets a code unique in its account, from
 * the maker's pattern; the account keeps the responsible person; export and import carry both;
 * home fragrance gets the allergens its CLP label would name.
 */
describe.each(ENGINES)('batch codes, label settings and home fragrance on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown) => injectAs(t, who, method as 'GET', url, payload as object)
  const maker = async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
    return { user, blend }
  }
  const make = async (who: TestUser, blendId: number, madeOn = '2026-11-27', productType = 'lotion') => {
    const res = await call(who, 'POST', `/api/blends/${blendId}/batches`, {
      madeOn,
      productType,
      weight: 500,
      unit: 'g',
      oilPercentage: 2,
      units: 10,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Batch
  }

  it('gives each batch the default {YYMMDD}-{n} code, counting per day and per account', async () => {
    const { user, blend } = await maker()
    const codes = [await make(user, blend.id), await make(user, blend.id), await make(user, blend.id, '2026-11-28')].map((b) => b.code)
    expect(codes).toEqual(['261127-1', '261127-2', '261128-1'])
    // Another account counts on its own.
    const other = await maker()
    expect((await make(other.user, other.blend.id)).code).toBe('261127-1')
    const list = (await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList
    expect(list.items.map((b) => b.code)).toEqual(['261128-1', '261127-2', '261127-1'])
    // Undoing the newest of a day and making another does not give its code to two batches.
    const third = await make(user, blend.id)
    expect(third.code).toBe('261127-3')
    expect((await call(user, 'DELETE', `/api/batches/${list.items[1]!.id}`)).statusCode).toBe(204)
    expect((await make(user, blend.id)).code).toBe('261127-4')
  })

  it('takes the maker’s pattern for new batches, refuses one without {n}, and keeps the responsible person', async () => {
    const { user, blend } = await maker()
    expect((await call(user, 'GET', '/api/me/label-settings')).json()).toEqual({
      batchCodePattern: '{YYMMDD}-{n}',
      responsibleName: null,
      responsibleAddress: null,
    } satisfies LabelSettings)

    const bad = await call(user, 'PUT', '/api/me/label-settings', {
      batchCodePattern: '{YYMMDD}',
      responsibleName: null,
      responsibleAddress: null,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toMatch(/needs \{n\}/)

    const put = await call(user, 'PUT', '/api/me/label-settings', {
      batchCodePattern: ' LOT-{REF}-{n} ',
      responsibleName: '  Ana Maker ',
      responsibleAddress: '1 Rue des Fleurs\n75001 Paris',
    })
    expect(put.statusCode, put.body).toBe(200)
    const saved = put.json() as LabelSettings
    expect(saved).toEqual({
      batchCodePattern: 'LOT-{REF}-{n}',
      responsibleName: 'Ana Maker',
      responsibleAddress: '1 Rue des Fleurs\n75001 Paris',
    })
    expect((await call(user, 'GET', '/api/me/label-settings')).json()).toEqual(saved)
    const first = await make(user, blend.id)
    expect(first.code).toBe(`LOT-${first.reference}-1`)
    expect((await make(user, blend.id)).code).toBe(`LOT-${first.reference}-2`)

    // Empty text clears the person; the default pattern comes back.
    const cleared = await call(user, 'PUT', '/api/me/label-settings', {
      batchCodePattern: '{YYMMDD}-{n}',
      responsibleName: '',
      responsibleAddress: null,
    })
    expect(cleared.json()).toEqual({ batchCodePattern: '{YYMMDD}-{n}', responsibleName: null, responsibleAddress: null })
    expect((await make(user, blend.id)).code).toBe('261127-1')
  })

  it('holds a code unique in the account in the database too', async () => {
    const { user, blend } = await maker()
    const batch = await make(user, blend.id)
    const again = make(user, blend.id)
    await expect(again).resolves.toMatchObject({ code: '261127-2' })
    await expect(
      t.db.kysely
        .updateTable('batches')
        .set({ code: batch.code })
        .where('id', '=', (await again).id)
        .execute(),
    ).rejects.toThrow()
  })

  it('exports codes and label settings, and an import keeps them unless the account has them already', async () => {
    const { user, blend } = await maker()
    await call(user, 'PUT', '/api/me/label-settings', {
      batchCodePattern: 'B{n}',
      responsibleName: 'Ana Maker',
      responsibleAddress: 'Paris',
    })
    const batch = await make(user, blend.id)
    expect(batch.code).toBe('B1')
    const file = (await call(user, 'GET', '/api/export')).json() as ExportFile
    expect(file.settings.labels).toEqual({ batchCodePattern: 'B{n}', responsibleName: 'Ana Maker', responsibleAddress: 'Paris' })
    expect(file.blends.find((b) => b.name === blend.name)!.batches[0]!.code).toBe('B1')

    const fresh = await createUser(t)
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    })
    expect(imported.statusCode, imported.body).toBe(201)
    expect((await call(fresh, 'GET', '/api/me/label-settings')).json()).toEqual({
      batchCodePattern: 'B{n}',
      responsibleName: 'Ana Maker',
      responsibleAddress: 'Paris',
    })
    const blends = (await call(fresh, 'GET', '/api/blends')).json() as { items: { id: number }[] }
    const codes = (
      await Promise.all(
        blends.items.map(async (b) => ((await call(fresh, 'GET', `/api/blends/${b.id}/batches`)).json() as BatchList).items),
      )
    )
      .flat()
      .map((b) => b.code)
    expect(codes).toEqual(['B1'])

    // An account that has B1 already and its own person: the imported batch gets the next code, the person stays.
    const busy = await maker()
    await call(busy.user, 'PUT', '/api/me/label-settings', { batchCodePattern: 'B{n}', responsibleName: 'Bo', responsibleAddress: 'Lyon' })
    expect((await make(busy.user, busy.blend.id)).code).toBe('B1')
    const into = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(busy.user.token), 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    })
    expect(into.statusCode, into.body).toBe(201)
    const all = (
      await Promise.all(
        ((await call(busy.user, 'GET', '/api/blends')).json() as { items: { id: number }[] }).items.map(
          async (b) => ((await call(busy.user, 'GET', `/api/blends/${b.id}/batches`)).json() as BatchList).items,
        ),
      )
    ).flat()
    expect(all.map((b) => b.code).sort()).toEqual(['B1', 'B2'])
    expect((await call(busy.user, 'GET', '/api/me/label-settings')).json()).toMatchObject({
      responsibleName: 'Bo',
      responsibleAddress: 'Lyon',
    })
  })

  it('names the declared allergens a candle’s CLP label would list, and refuses a cosmetic there', async () => {
    const { user, blend } = await maker()
    const add = async (oil: string) =>
      (await call(user, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 100 })).json() as Bottle
    const lavender = await add('Lavender')
    await add('Bergamot')
    await add('Atlas Cedarwood')
    expect(
      (
        await call(user, 'PUT', `/api/shelf/bottles/${lavender.id}/declaration`, {
          basis: 'w/w',
          items: [
            { entryId: 'linalool', percent: 30 },
            { entryId: 'citral', percent: 0.1 },
          ],
        })
      ).statusCode,
    ).toBe(200)
    const candle = { versionId: blend.version.id, productType: 'candles', weight: 200, unit: 'g', oilPercentage: 8 }
    const res = await call(user, 'POST', '/api/labels/home-preview', candle)
    expect(res.statusCode, res.body).toBe(200)
    const notice = res.json() as ClpNotice
    expect(notice).toMatchObject({ productType: 'candles', containsPercent: 0.1, sensitiserPercent: 1, complete: false })
    // Lavender is half the blend: 4 % of the candle, linalool 1.2 %; citral 0.004 % stays off.
    const linalool = notice.contains.find((a) => a.entryId === 'linalool')!
    expect(linalool.percent).toBeCloseTo(1.2, 6)
    expect(notice.contains.some((a) => a.entryId === 'citral')).toBe(false)
    expect(notice.overSensitiserPercent.map((a) => a.entryId)).toContain('linalool')
    expect(notice.containsText).toMatch(/^Contains .*Linalool.*\. May produce an allergic reaction\.$/)
    expect(notice.missing.map((m) => m.reason)).toEqual(['no-declaration', 'no-declaration'])

    const lotion = await call(user, 'POST', '/api/labels/home-preview', { ...candle, productType: 'lotion' })
    expect(lotion.statusCode).toBe(422)
    expect(lotion.json()).toMatchObject({ error: { code: 'A_COSMETIC' } })
    const stranger = await createUser(t)
    expect((await call(stranger, 'POST', '/api/labels/home-preview', candle)).statusCode).toBe(404)
  })
})
