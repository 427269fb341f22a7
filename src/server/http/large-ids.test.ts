import { beforeAll, describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, exportFileBody, versionBody } from '#tests/support/blend-fixtures.ts'
import { bearer, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** One past the largest 32-bit id: PostgreSQL's `integer` columns cannot hold it. */
const BIG = 2 ** 31

describe.each(ENGINES)('ids beyond 32 bits on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let oils: Record<string, EssentialOil>
  let blendId: number
  useTestApp(engine, (ctx) => ({ t, user, oils } = ctx))
  beforeAll(async () => {
    blendId = (await createBlend(t, user, blendBody(oils, { name: 'Big Ids' }))).id
  })

  const call = (method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: bearer(user.token), ...(payload ? { payload } : {}) })

  const expectRefused = async (method: string, url: string, payload?: object) => {
    const res = await call(method, url, payload)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400)
    expect(res.json().error.code).toBe('VALIDATION_ERROR')
  }

  it('refuses 2^31 in every path parameter that is an id, on every route, with 400 and never a 5xx', async () => {
    // An OAuth client's id (:clientId, decision 046) is opaque text the provider issued, not a database id.
    const idParam = /:(id|(?!client)[a-z]+Id)\b/g
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && new RegExp(idParam.source).test(r.url))
    expect(routes.length).toBeGreaterThan(8)
    for (const r of routes)
      await expectRefused(r.method, r.url.replace(idParam, String(BIG)), r.method === 'GET' || r.method === 'DELETE' ? undefined : {})
  })

  it('refuses 2^31 as an id in a body or a query with 400', async () => {
    await expectRefused('POST', '/api/journal-entries', { versionId: BIG })
    await expectRefused('POST', '/api/blend-versions', versionBody(oils, BIG))
    await expectRefused(
      'POST',
      '/api/blend-versions',
      versionBody(oils, blendId, { topOils: [{ id: BIG, name: 'Bergamot', percentage: 30 }] }),
    )
    await expectRefused('POST', `/api/blends/${blendId}/shares`, { versionId: BIG })
    await expectRefused('POST', `/api/blends/${blendId}/batches`, {
      madeOn: '2026-11-20',
      productType: 'Candle',
      weight: 200,
      unit: 'g',
      oilPercentage: 5,
      versionId: BIG,
    })
    await expectRefused('POST', '/api/shelf/bottles', { oilId: BIG, unit: 'mL', size: 10 })
    await expectRefused('POST', '/api/blends', blendBody(oils, { topNote: BIG }))
    await expectRefused('GET', `/api/shelf/bottles?oilId=${BIG}`)
  })

  it('refuses an import whose ids are that large, naming the place, with 400 and no 5xx', async () => {
    const file = exportFileBody(oils)
    file.blends[0]!.id = BIG
    file.blends[0]!.versions[0]!.id = BIG + 1
    for (const url of ['/api/import?dryRun=true', '/api/import']) {
      const res = await call('POST', url, file)
      expect(res.statusCode, res.body).toBeLessThan(500)
      expect(res.statusCode, res.body).not.toBe(201)
    }
  })

  it('answers the largest 32-bit id with 404, not a 5xx', async () => {
    const max = 2 ** 31 - 1
    expect((await call('POST', '/api/journal-entries', { versionId: max })).statusCode).toBe(404)
    expect((await call('GET', `/api/blends/${max}`)).statusCode).toBe(404)
    expect((await call('GET', `/api/shelf/bottles?oilId=${max}`)).statusCode).toBe(200)
  })
})
