import { describe, expect, it } from 'vitest'
import type { IfraCertificate, IfraCheck, PutIfraCertificate } from '#shared/api/ifra.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Batch, BatchList, Bottle, CreateBottle } from '#shared/api/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('IFRA certificates and checks on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const call = (who: TestUser, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const addBottle = async (who: TestUser, body: Partial<CreateBottle> & { oil: string }) => {
    const { oil, ...rest } = body
    const res = await call(who, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 100, ...rest })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const certify = (who: TestUser, bottleId: number, body: PutIfraCertificate) =>
    call(who, 'PUT', `/api/shelf/bottles/${bottleId}/ifra-certificate`, body)
  const cert = (limits: Record<string, number | 'no-restriction'>, amendment = '51st'): PutIfraCertificate => ({
    amendment,
    issuedOn: '2026-03-14',
    limits: Object.entries(limits).map(([category, limit]) => ({ category: category as '5A', limit })),
  })
  /** A blend of Bergamot 30 / Lavender 50 / Atlas Cedarwood 20. */
  const maker = async () => {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils, { name: `Calm ${Math.random()}` }))
    return { user, blend }
  }
  const lotion = (versionId: number, extra: object = {}) => ({
    versionId,
    productType: 'lotion',
    weight: 1000,
    unit: 'g',
    oilPercentage: 2,
    ...extra,
  })
  const check = async (who: TestUser, body: object) => {
    const res = await call(who, 'POST', '/api/ifra/check', body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as IfraCheck
  }

  describe('certificates', () => {
    it('are stored per bottle, replaced by a new PUT, read back and removed; another user’s bottle is 404', async () => {
      const user = await createUser(t)
      const other = await createUser(t)
      const lot = await addBottle(user, { oil: 'Lavender', lotCode: 'LAV-1' })
      expect((await call(user, 'GET', `/api/shelf/bottles/${lot.id}/ifra-certificate`)).json()).toEqual({ certificate: null })

      const put = await certify(user, lot.id, cert({ '5A': 0.61, '12': 'no-restriction' }))
      expect(put.statusCode, put.body).toBe(200)
      expect(put.json()).toMatchObject({
        bottleId: lot.id,
        amendment: '51st',
        issuedOn: '2026-03-14',
        limits: [
          { category: '5A', limit: 0.61 },
          { category: '12', limit: 'no-restriction' },
        ],
      } satisfies Partial<IfraCertificate>)
      const replaced = await certify(user, lot.id, { amendment: ' 50th ', limits: [{ category: '4', limit: 2.4 }] })
      expect(replaced.json()).toMatchObject({ amendment: '50th', issuedOn: null, limits: [{ category: '4', limit: 2.4 }] })
      expect(
        ((await call(user, 'GET', `/api/shelf/bottles/${lot.id}/ifra-certificate`)).json() as { certificate: IfraCertificate }).certificate,
      ).toMatchObject({
        amendment: '50th',
      })

      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', cert({ '5A': 1 })],
        ['DELETE', undefined],
      ] as const) {
        expect((await call(other, method, `/api/shelf/bottles/${lot.id}/ifra-certificate`, body)).statusCode).toBe(404)
      }
      expect(
        ((await call(user, 'GET', `/api/shelf/bottles/${lot.id}/ifra-certificate`)).json() as { certificate: IfraCertificate }).certificate,
      ).not.toBeNull()

      expect((await call(user, 'DELETE', `/api/shelf/bottles/${lot.id}/ifra-certificate`)).statusCode).toBe(204)
      expect((await call(user, 'GET', `/api/shelf/bottles/${lot.id}/ifra-certificate`)).json()).toEqual({ certificate: null })
    })

    it('refuses a bad certificate with the field named, and keeps the one stored', async () => {
      const user = await createUser(t)
      const lot = await addBottle(user, { oil: 'Lavender' })
      await certify(user, lot.id, cert({ '5A': 0.61 }))
      const cases: [unknown, string][] = [
        [{ amendment: '', limits: [{ category: '5A', limit: 1 }] }, 'body.amendment'],
        [{ amendment: '51st', limits: [] }, 'body.limits'],
        [{ amendment: '51st', limits: [{ category: '13', limit: 1 }] }, 'body.limits.0.category'],
        [{ amendment: '51st', limits: [{ category: '5A', limit: 101 }] }, 'body.limits.0.limit'],
        [{ amendment: '51st', limits: [{ category: '5A', limit: -1 }] }, 'body.limits.0.limit'],
        [{ amendment: '51st', limits: [{ category: '5A', limit: 'unlimited' }] }, 'body.limits.0.limit'],
        [
          {
            amendment: '51st',
            limits: [
              { category: '5A', limit: 1 },
              { category: '5A', limit: 2 },
            ],
          },
          'body.limits',
        ],
        [{ amendment: '51st', issuedOn: '2026-02-30', limits: [{ category: '5A', limit: 1 }] }, 'body.issuedOn'],
      ]
      for (const [body, path] of cases) {
        const res = await call(user, 'PUT', `/api/shelf/bottles/${lot.id}/ifra-certificate`, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(path)
      }
      const kept = (await call(user, 'GET', `/api/shelf/bottles/${lot.id}/ifra-certificate`)).json() as { certificate: IfraCertificate }
      expect(kept.certificate.limits).toEqual([{ category: '5A', limit: 0.61 }])
    })

    it('go with their bottle', async () => {
      const user = await createUser(t)
      const lot = await addBottle(user, { oil: 'Lavender' })
      await certify(user, lot.id, cert({ '5A': 0.61 }))
      expect((await call(user, 'DELETE', `/api/shelf/bottles/${lot.id}`)).statusCode).toBe(204)
      const rows = await t.db.kysely.selectFrom('bottle_ifra_certificates').select('bottle_id').where('bottle_id', '=', lot.id).execute()
      expect(rows).toEqual([])
    })
  })

  describe('the check', () => {
    it('names the maximum % of the blend in a lotion and the limiting oil, flags a batch over it, and a bottle without a certificate as unknown', async () => {
      const { user, blend } = await maker()
      const bergamot = await addBottle(user, { oil: 'Bergamot', lotCode: 'BER-7' })
      const lavender = await addBottle(user, { oil: 'Lavender', lotCode: 'LAV-1' })
      const cedar = await addBottle(user, { oil: 'Atlas Cedarwood', lotCode: 'CED-3' })
      await certify(user, bergamot.id, cert({ '5A': 0.3, '12': 'no-restriction' }))
      await certify(user, lavender.id, cert({ '5A': 0.61, '12': 'no-restriction' }))

      // Bergamot: 0.3 % ÷ 30 % = 1 %; Lavender: 0.61 % ÷ 50 % = 1.22 %. Cedarwood has no certificate.
      const at2 = await check(user, lotion(blend.version.id))
      expect(at2).toMatchObject({
        productType: 'lotion',
        category: '5A',
        maxBlendPercent: 1,
        limitingOil: { oilName: 'Bergamot', limit: 0.3, blendPercent: 30 },
        complete: false,
        status: 'over',
        amendments: ['51st'],
      })
      const cedarLine = at2.oils.find((o) => o.oilId === oils['Atlas Cedarwood']!.id)!
      expect(cedarLine).toMatchObject({
        maxProductPercent: 'unknown',
        reasons: ['no-certificate'],
        lots: [{ bottleId: cedar.id, lotCode: 'CED-3', limit: null }],
      })

      // Under the maximum, the bottle without a certificate still leaves the check unknown, never within.
      expect((await check(user, lotion(blend.version.id, { oilPercentage: 0.5 }))).status).toBe('unknown')

      await certify(user, cedar.id, cert({ '5A': 'no-restriction' }))
      const complete = await check(user, lotion(blend.version.id, { oilPercentage: 0.5 }))
      expect(complete).toMatchObject({ status: 'within', complete: true, maxBlendPercent: 1 })

      // A candle: category 12; Cedarwood's certificate does not list it, so that oil is unknown.
      const candle = await check(user, lotion(blend.version.id, { productType: 'candles', oilPercentage: 8 }))
      expect(candle).toMatchObject({ category: '12', status: 'unknown', maxBlendPercent: null })
      expect(candle.oils.find((o) => o.oilId === oils['Atlas Cedarwood']!.id)).toMatchObject({ reasons: ['category-not-on-certificate'] })
    })

    it('reads an oil no bottle gives as unknown, and a product type of no single category as no-category unless one is chosen', async () => {
      const { user, blend } = await maker()
      const unknown = await check(user, lotion(blend.version.id))
      expect(unknown.status).toBe('unknown')
      expect(unknown.oils.every((o) => o.maxProductPercent === 'unknown' && o.reasons?.includes('not-on-shelf'))).toBe(true)
      expect((await check(user, lotion(blend.version.id, { productType: 'leave-on' }))).status).toBe('no-category')
      expect((await check(user, lotion(blend.version.id, { productType: 'leave-on', category: '5B' }))).category).toBe('5B')
    })

    it('uses the lots the batch would draw, oldest first, each with its own certificate', async () => {
      const { user, blend } = await maker()
      const older = await addBottle(user, { oil: 'Lavender', lotCode: 'LAV-OLD', size: 5, purchasedOn: '2026-01-01' })
      const newer = await addBottle(user, { oil: 'Lavender', lotCode: 'LAV-NEW', purchasedOn: '2026-06-01' })
      await certify(user, older.id, cert({ '5A': 0.61 }))
      await certify(user, newer.id, cert({ '5A': 0.4 }, '50th'))
      const lavenderOf = (c: IfraCheck) => c.oils.find((o) => o.oilId === oils.Lavender!.id)!

      // 100 g at 2 %: about 1.1 mL of Lavender, all from the older lot.
      const small = lavenderOf(await check(user, lotion(blend.version.id, { weight: 100 })))
      expect(small.maxProductPercent).toBe(0.61)
      expect(small.lots.map((l) => l.lotCode)).toEqual(['LAV-OLD'])
      // 1000 g at 2 %: about 11 mL, more than the older lot's 5: the newer lot's stricter certificate holds.
      const large = lavenderOf(await check(user, lotion(blend.version.id)))
      expect(large.maxProductPercent).toBe(0.4)
      expect(large.lots.map((l) => [l.lotCode, l.amendment, l.limit])).toEqual([
        ['LAV-OLD', '51st', 0.61],
        ['LAV-NEW', '50th', 0.4],
      ])
    })

    it('is recorded with the batch "Mark as made" makes', async () => {
      const { user, blend } = await maker()
      const bergamot = await addBottle(user, { oil: 'Bergamot', lotCode: 'BER-7' })
      await certify(user, bergamot.id, cert({ '5A': 0.3 }))
      const res = await call(user, 'POST', `/api/blends/${blend.id}/batches`, {
        versionId: blend.version.id,
        madeOn: '2026-11-20',
        productType: 'lotion',
        weight: 1000,
        unit: 'g',
        oilPercentage: 2,
      })
      expect(res.statusCode, res.body).toBe(201)
      const made = res.json() as Batch
      expect(made.ifra).toMatchObject({ category: '5A', status: 'over', maxBlendPercent: 1, limitingOil: { oilName: 'Bergamot' } })
      const listed = ((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items[0]!
      expect(listed.ifra).toEqual(made.ifra)
      // The record keeps what the certificate said when it was made.
      await certify(user, bergamot.id, cert({ '5A': 3 }))
      expect(((await call(user, 'GET', `/api/blends/${blend.id}/batches`)).json() as BatchList).items[0]!.ifra).toEqual(made.ifra)
    })

    it('answers 404 for another user’s version', async () => {
      const { blend } = await maker()
      const other = await createUser(t)
      expect((await call(other, 'POST', '/api/ifra/check', lotion(blend.version.id))).statusCode).toBe(404)
    })
  })
})
