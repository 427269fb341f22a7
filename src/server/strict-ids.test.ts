import { beforeAll, describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, oilsByName } from '#tests/support/blend-fixtures.ts'
import { ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Ids in paths (and the projectId query) are plain decimal integers: other spellings that a number
 * parser would also read as the same id are refused, never served as that resource. The first test
 * fails when a route with a path parameter has no case here.
 */
type Ids = { blend: number; version: number; entry: number; bottle: number; batch: number; ingredient: number; document: number }

const BATCH = { madeOn: '2026-11-20', productType: 'Soap', weight: 500, unit: 'g', oilPercentage: 2 }

/** Per route with an id: which of the user's objects it addresses, and a valid body. */
const ID_ROUTES: Record<string, { id: (ids: Ids) => number; payload?: object; query?: string; plainStatus?: number }> = {
  'GET /api/blends/:id': { id: (ids) => ids.blend },
  'PATCH /api/blends/:id': { id: (ids) => ids.blend, payload: { name: 'Renamed' } },
  'PATCH /api/blend-versions/:id': { id: (ids) => ids.version, payload: { formulationNotes: 'Noted' } },
  'PATCH /api/journal-entries/:id': { id: (ids) => ids.entry, payload: { rating: 2 } },
  'GET /api/blends/:id/shares': { id: (ids) => ids.blend },
  'POST /api/blends/:id/shares': { id: (ids) => ids.blend, payload: {} },
  'PATCH /api/shelf/bottles/:id': { id: (ids) => ids.bottle, payload: { remaining: 3 } },
  'GET /api/blends/:id/batches': { id: (ids) => ids.blend },
  'POST /api/blends/:id/batches': { id: (ids) => ids.blend, payload: BATCH },
  // The batch id (:batchId) is checked the same way, below.
  'GET /api/blends/:id/batches/:batchId/label': { id: (ids) => ids.blend },
  'PUT /api/blends/:id/batches/:batchId/label': { id: (ids) => ids.blend, payload: { productType: 'lotion' } },
  'GET /api/blends/:id/compare': { id: (ids) => ids.blend, query: '?a=a&b=a' },
  'POST /api/blends/:id/versions/:versionId/compliance': {
    id: (ids) => ids.blend,
    payload: { productType: 'lotion', productPercentage: 2 },
  },
  // The blend's top layer is Bergamot alone: in a 2% lotion no change can do it, so the plain id is answered 409 NO_PROPOSAL.
  'POST /api/blends/:id/versions/:versionId/compliance/save': {
    id: (ids) => ids.blend,
    payload: { productType: 'lotion', productPercentage: 2 },
    plainStatus: 409,
  },
  // The blend holds no accord: the plain ids are answered 409 NOTHING_NEWER.
  'POST /api/blends/:id/versions/:versionId/follow-accords': { id: (ids) => ids.blend, plainStatus: 409 },
  'GET /api/blends/:id/accord-uses': { id: (ids) => ids.blend },
  'GET /api/batches/:id': { id: (ids) => ids.batch },
  'GET /api/shelf/bottles/:id/trace': { id: (ids) => ids.bottle },
  'DELETE /api/batches/:id': { id: (ids) => ids.batch },
  'GET /api/shelf/bottles/:id/declaration': { id: (ids) => ids.bottle },
  'PUT /api/shelf/bottles/:id/declaration': {
    id: (ids) => ids.bottle,
    payload: { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] },
  },
  'DELETE /api/shelf/bottles/:id/declaration': { id: (ids) => ids.bottle },
  'GET /api/shelf/bottles/:id/ifra-certificate': { id: (ids) => ids.bottle },
  'PUT /api/shelf/bottles/:id/ifra-certificate': {
    id: (ids) => ids.bottle,
    payload: { amendment: '51st', issuedOn: '2026-03-14', limits: [{ category: '5A', limit: 0.5 }] },
  },
  'DELETE /api/shelf/bottles/:id/ifra-certificate': { id: (ids) => ids.bottle },
  'GET /api/ingredients/:id': { id: (ids) => ids.ingredient },
  'PATCH /api/ingredients/:id': { id: (ids) => ids.ingredient, payload: { name: 'Strict FCF renamed' } },
  'DELETE /api/ingredients/:id': { id: (ids) => ids.ingredient },
  // A bottle's documents (decision 080): the upload's body is raw bytes, so a JSON body with the plain id passes the path and is refused as 415.
  'POST /api/shelf/bottles/:id/documents': {
    id: (ids) => ids.bottle,
    query: '?kind=gc-ms-report&name=a.pdf',
    payload: {},
    plainStatus: 415,
  },
  'GET /api/shelf/bottles/:id/documents': { id: (ids) => ids.bottle },
  'GET /api/documents/:id': { id: (ids) => ids.document },
  'DELETE /api/documents/:id': { id: (ids) => ids.document },
  'DELETE /api/shelf/bottles/:id': { id: (ids) => ids.bottle },
  // A blend that is there: restoring it again is a harmless 204.
  'POST /api/blends/:id/restore': { id: (ids) => ids.blend },
  // Last: the plain id deletes the blend the others address.
  'DELETE /api/blends/:id': { id: (ids) => ids.blend },
}

/** Spellings of `id` that Number() or parseInt() would take for it. */
const lookalikes = (id: number) => [
  `${id}e0`,
  `0x${id.toString(16)}`,
  `${id}.0`,
  `${id}.`,
  `%20${id}`,
  `${id}%20`,
  `+${id}`,
  `0${id}`,
  `${id}abc`,
  `0b${id.toString(2)}`,
]

describe.each(ENGINES)('strict ids on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let ids: Ids
  let oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, user, oils } = ctx))
  beforeAll(async () => {
    const blend = await createBlend(t, user, blendBody(oils))
    const entry = await injectAs(t, user, 'POST', '/api/journal-entries', { versionId: blend.version.id, notes: 'first' })
    const bottle = await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 50 })
    const batch = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, BATCH)
    const ingredient = await injectAs(t, user, 'POST', '/api/ingredients', {
      name: 'Strict FCF',
      basedOnOilId: oils.Bergamot!.id,
      safety: { phototoxic: false, source: 'Supplier data sheet' },
    })
    expect(ingredient.statusCode, ingredient.body).toBe(201)
    const id = (res: { json: () => unknown }) => (res.json() as { id: number }).id
    const document = await t.app.inject({
      method: 'POST',
      url: `/api/shelf/bottles/${id(bottle)}/documents?kind=safety-data-sheet&name=sds.pdf`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    expect(document.statusCode, document.body).toBe(201)
    ids = {
      blend: blend.id,
      version: blend.version.id,
      entry: id(entry),
      bottle: id(bottle),
      batch: id(batch),
      ingredient: id(ingredient),
      document: id(document),
    }
  })

  it('has a case for every route with an id in its path', () => {
    // Share tokens (`:token`) are not ids: their schema takes exactly one spelling (shares.routes.test.ts).
    const withParams = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && r.url.includes('/:id'))
      .map((r) => `${r.method} ${r.url}`)
    expect(withParams.length).toBeGreaterThan(0)
    expect(
      withParams.filter((key) => !(key in ID_ROUTES)),
      'routes with an id and no strict-id case',
    ).toEqual([])
  })

  it.each(Object.entries(ID_ROUTES))('%s refuses every other spelling of an id, and takes the plain one', async (key, spec) => {
    const [method, route] = key.split(' ') as [string, string]
    const id = spec.id(ids)
    const snapshot = async () => [
      (await injectAs(t, user, 'GET', '/api/blend-projects')).json() as unknown,
      (await injectAs(t, user, 'GET', '/api/journal-entries')).json() as unknown,
      (await injectAs(t, user, 'GET', '/api/shelf/bottles')).json() as unknown,
      (await injectAs(t, user, 'GET', `/api/blends/${ids.blend}/batches`)).json() as unknown,
    ]
    const before = await snapshot()
    // The second id of a path (a batch's, a version's) is tried the same way.
    const [second, secondId] = route.includes(':versionId') ? [':versionId', ids.version] : [':batchId', ids.batch]
    const other = (spelling: string) => route.replace(second, spelling)
    const urls = [
      ...lookalikes(id).map((spelling) => other(String(secondId)).replace(':id', spelling)),
      ...(route.includes(second) ? lookalikes(secondId).map((spelling) => other(spelling).replace(':id', String(id))) : []),
    ]
    for (const path of urls) {
      const url = path + (spec.query ?? '')
      const res = await injectAs(t, user, method, url, spec.payload)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400)
      expect(res.json().error.code, `${method} ${url}`).toBe('VALIDATION_ERROR')
    }
    expect(await snapshot(), 'nothing changed').toEqual(before)
    const plain = await injectAs(t, user, method, other(String(secondId)).replace(':id', String(id)) + (spec.query ?? ''), spec.payload)
    if (spec.plainStatus) expect(plain.statusCode, plain.body).toBe(spec.plainStatus)
    else expect(plain.statusCode, plain.body).toBeLessThan(300)
  })

  it('takes only a whole positive number for a chosen bottle’s ids in Mark as made (decision 090)', async () => {
    // A blend and bottle of its own: the cases above delete theirs.
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Chosen bottle' }))
    const made = await injectAs(t, user, 'POST', '/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 50 })
    const bottle = (made.json() as { id: number }).id
    const chosen = (oilId: unknown, bottleId: unknown) => ({ ...BATCH, fromBottles: [{ oilId, bottleId }] })
    const lavender = oils.Lavender!.id
    const wrong = [...lookalikes(bottle), String(bottle), bottle + 0.5, 0, -bottle, Number.MAX_SAFE_INTEGER + 2, null, true]
    for (const spelling of wrong) {
      for (const body of [chosen(lavender, spelling), chosen(spelling, bottle)]) {
        const res = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, body)
        expect(res.statusCode, `${JSON.stringify(body.fromBottles)}: ${res.body}`).toBe(400)
        expect(res.json().error.code).toBe('VALIDATION_ERROR')
      }
    }
    const plain = await injectAs(t, user, 'POST', `/api/blends/${blend.id}/batches`, chosen(lavender, bottle))
    expect(plain.statusCode, plain.body).toBe(201)
  })

  it('refuses other spellings of the projectId query, and takes the plain one', async () => {
    const blend = await createBlend(t, user, blendBody(await oilsByName(t), { name: 'Queried' }))
    for (const spelling of lookalikes(blend.id)) {
      const res = await injectAs(t, user, 'GET', `/api/journal-entries?projectId=${spelling}`)
      expect(res.statusCode, `projectId=${spelling}: ${res.body}`).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
    }
    expect((await injectAs(t, user, 'GET', `/api/journal-entries?projectId=${blend.id}`)).statusCode).toBe(200)
  })
})
