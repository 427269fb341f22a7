import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Bottle, CreateBottle } from '#shared/api/shelf.ts'
import type { BatchTrace } from '#shared/api/trace.ts'
import { planDraws } from '#shared/domain/shelf.ts'
import { blendBody, createBlend } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Picking the bottle a draw comes from (issue 36, decision 090): `fromBottles` in "Mark as made"
 * draws the chosen bottle first and the rest in the usual order; a bottle that is not the maker's
 * answers 404 as any unknown bottle; another oil's, an empty one, or an oil not in the version, 422.
 */
describe('planDraws with a chosen bottle', () => {
  const bottle = (id: number, remainingMl: number, purchasedOn: string) => ({
    id,
    remainingMl,
    purchasedOn,
    createdAt: `${purchasedOn}T00:00:00Z`,
  })
  const shelf = [bottle(1, 5, '2026-01-01'), bottle(2, 5, '2026-02-01'), bottle(3, 5, '2026-03-01')]

  it('takes the chosen bottle first and the rest oldest first', () => {
    expect(planDraws(12, shelf, 3).draws.map((d) => [d.bottleId, d.ml])).toEqual([
      [3, 5],
      [1, 5],
      [2, 2],
    ])
    expect(planDraws(12, shelf).draws.map((d) => d.bottleId)).toEqual([1, 2, 3])
  })

  it('does not block when the chosen bottle holds too little, and ignores an empty or unknown choice', () => {
    expect(planDraws(20, shelf, 2)).toMatchObject({ shortMl: 5, draws: [{ bottleId: 2 }, { bottleId: 1 }, { bottleId: 3 }] })
    expect(planDraws(3, [...shelf, bottle(4, 0, '2025-01-01')], 4).draws.map((d) => d.bottleId)).toEqual([1])
    expect(planDraws(3, shelf, 99).draws.map((d) => d.bottleId)).toEqual([1])
  })
})

describe.each(ENGINES)('Mark as made from a chosen bottle on %s', (engine) => {
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
    const res = await call(who, 'POST', '/api/shelf/bottles', { oilId: oils[oil]!.id, unit: 'mL', size: 10, ...rest })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const bottleLeft = async (who: TestUser, id: number) =>
    ((await call(who, 'GET', '/api/shelf/bottles?limit=200')).json().items as Bottle[]).find((b) => b.id === id)!.remaining
  // Bergamot 30 %, Lavender 50 %, Atlas Cedarwood 20 %: 100 g at 10 % needs about 3.4 mL of Bergamot.
  const made = (projectId: number, who: TestUser, extra: object) =>
    call(who, 'POST', `/api/blends/${projectId}/batches`, {
      madeOn: '2026-01-15',
      productType: 'body-oil',
      weight: 100,
      unit: 'g',
      oilPercentage: 10,
      ...extra,
    })

  async function setUp() {
    const user = await createUser(t)
    const blend = await createBlend(t, user, blendBody(oils))
    const older = await addBottle(user, { oil: 'Bergamot', purchasedOn: '2025-06-01', lotCode: 'OLD-1' })
    const newer = await addBottle(user, { oil: 'Bergamot', purchasedOn: '2026-01-01', lotCode: 'NEW-2' })
    return { user, blend, older, newer }
  }

  it('draws the chosen bottle first, and the batch’s draws say so', async () => {
    const { user, blend, older, newer } = await setUp()
    const res = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: newer.id }] })
    expect(res.statusCode, res.body).toBe(201)
    const batch = res.json() as { id: number }
    // The newer bottle gave its oil; the older, first in the usual order, was not touched.
    expect(await bottleLeft(user, older.id)).toBe(10)
    expect(await bottleLeft(user, newer.id)).toBeLessThan(10)
    const trace = (await call(user, 'GET', `/api/batches/${batch.id}`)).json() as BatchTrace
    expect(trace.lots.filter((l) => l.oilId === oils.Bergamot!.id).map((l) => l.lot?.bottleId)).toEqual([newer.id])
  })

  it('takes the rest from the other bottles when the chosen one holds too little', async () => {
    const { user, blend, older, newer } = await setUp()
    expect((await call(user, 'PATCH', `/api/shelf/bottles/${newer.id}`, { remaining: 1 })).statusCode).toBe(200)
    const res = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: newer.id }] })
    expect(res.statusCode, res.body).toBe(201)
    expect(await bottleLeft(user, newer.id)).toBe(0)
    expect(await bottleLeft(user, older.id)).toBeLessThan(10)
    expect(res.json().oils.find((o: { oilId: number }) => o.oilId === oils.Bergamot!.id).shortMl).toBe(0)
  })

  it('keeps the usual order without a choice', async () => {
    const { user, blend, older, newer } = await setUp()
    expect((await made(blend.id, user, {})).statusCode).toBe(201)
    expect(await bottleLeft(user, older.id)).toBeLessThan(10)
    expect(await bottleLeft(user, newer.id)).toBe(10)
  })

  it('answers 404 for another maker’s bottle, in the words of an unknown one, and draws nothing', async () => {
    const { user, blend, older, newer } = await setUp()
    const other = await createUser(t)
    const theirs = await addBottle(other, { oil: 'Bergamot' })
    const foreign = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: theirs.id }] })
    const unknown = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: 999_999 }] })
    expect(foreign.statusCode).toBe(404)
    expect(unknown.statusCode).toBe(404)
    expect(foreign.json()).toEqual(unknown.json())
    expect(foreign.json().error.details).toEqual([{ path: 'body.fromBottles.0.bottleId', message: 'Bottle not found' }])
    expect(await bottleLeft(other, theirs.id)).toBe(10)
    expect(await bottleLeft(user, older.id)).toBe(10)
    expect(await bottleLeft(user, newer.id)).toBe(10)
  })

  it('refuses another oil’s bottle, an empty one, and an oil not in the version, with 422', async () => {
    const { user, blend, older } = await setUp()
    const lavender = await addBottle(user, { oil: 'Lavender' })
    const wrongOil = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: lavender.id }] })
    expect(wrongOil.statusCode).toBe(422)
    expect(wrongOil.json().error).toMatchObject({ code: 'NOT_DRAWABLE', message: 'That bottle holds Lavender, not Bergamot' })

    const lemon = await addBottle(user, { oil: 'Lemon' })
    const notInVersion = await made(blend.id, user, { fromBottles: [{ oilId: oils.Lemon!.id, bottleId: lemon.id }] })
    expect(notInVersion.statusCode).toBe(422)
    expect(notInVersion.json().error.message).toBe('Lemon is not in the version being made')

    expect((await call(user, 'PATCH', `/api/shelf/bottles/${older.id}`, { remaining: 0 })).statusCode).toBe(200)
    const empty = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: older.id }] })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().error.message).toBe('That bottle of Bergamot is empty')
    // Nothing was drawn by any refusal.
    expect(await bottleLeft(user, lavender.id)).toBe(10)
    expect(await bottleLeft(user, lemon.id)).toBe(10)
  })

  it('refuses an oil listed twice and ids that are not positive whole numbers', async () => {
    const { user, blend, older, newer } = await setUp()
    const twice = await made(blend.id, user, {
      fromBottles: [
        { oilId: oils.Bergamot!.id, bottleId: older.id },
        { oilId: oils.Bergamot!.id, bottleId: newer.id },
      ],
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().error.message).toContain('Each oil is listed once')
    for (const bottleId of [0, -1, 1.5, '1', null]) {
      const res = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId }] })
      expect(res.statusCode, String(bottleId)).toBe(400)
    }
    const extra = await made(blend.id, user, { fromBottles: [{ oilId: oils.Bergamot!.id, bottleId: older.id, amount: 1 }] })
    expect(extra.statusCode).toBe(400)
  })
})
