import zlib from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { OIL_SEED } from '#server/db/seed/oils-data.ts'
import { ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

describe.each(ENGINES)('GET /api/essential-oils on %s', (engine) => {
  let t: TestAppHandle
  useTestApp(engine, (ctx) => ({ t } = ctx))

  const get = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/essential-oils${query}` })
    return { res, oils: res.statusCode === 200 ? (res.json() as EssentialOil[]) : [] }
  }
  const names = (oils: EssentialOil[]) => oils.map((o) => o.name)

  it('lists the whole seeded catalog, sorted by name, without signing in', async () => {
    const { res, oils } = await get()
    expect(res.statusCode).toBe(200)
    expect(oils).toHaveLength(OIL_SEED.length)
    expect(oils.length).toBeGreaterThanOrEqual(44)
    expect(names(oils)).toEqual([...names(oils)].sort((a, b) => a.localeCompare(b, 'en')))
    const lavender = oils.find((o) => o.name === 'Lavender')
    expect(lavender).toMatchObject({ latinName: 'Lavandula angustifolia', scentFamily: 'Floral', slug: 'lavender' })
    expect(lavender?.id).toEqual(expect.any(Number))
  })

  it('gives every oil its safety facts: Lemongrass its 0.7% maximum, Vetiver none on file (issue 31)', async () => {
    const { oils } = await get()
    for (const oil of oils) expect(oil.safety, oil.name).not.toBeNull()
    const byName = new Map(oils.map((o) => [o.name, o]))
    expect(byName.get('Lemongrass')?.safety).toMatchObject({
      maxLeaveOnPercent: 0.7,
      source: expect.stringContaining('Tisserand Institute'),
    })
    expect(byName.get('Vetiver')?.safety).toMatchObject({ maxLeaveOnPercent: null, source: null })
    expect(byName.get('Tea Tree')?.safety?.oxidation?.source).toContain('[TI-3]')
  })

  it('searches names case-insensitively', async () => {
    const { oils } = await get('?search=LAVEND')
    expect(names(oils)).toEqual(['Lavender'])
  })

  it('searches botanical names', async () => {
    const { oils } = await get('?search=boswellia')
    expect(names(oils)).toEqual(['Frankincense'])
  })

  it('filters by one note type', async () => {
    const { oils } = await get('?noteType=Base')
    expect(oils.length).toBeGreaterThan(5)
    expect(oils.every((o) => o.noteType.includes('Base'))).toBe(true)
    expect(oils).toHaveLength(OIL_SEED.filter((o) => o.noteType.includes('Base')).length)
  })

  it('treats repeated values of one parameter as any of them', async () => {
    const { oils } = await get('?scentFamily=Resinous&scentFamily=Earthy')
    expect(new Set(oils.map((o) => o.scentFamily))).toEqual(new Set(['Resinous', 'Earthy']))
    expect(names(oils)).toEqual(expect.arrayContaining(['Frankincense', 'Myrrh', 'Patchouli', 'Vetiver']))
  })

  it('filters by effect', async () => {
    const { oils } = await get('?effect=Relaxing')
    expect(oils.length).toBeGreaterThan(0)
    expect(oils.every((o) => o.effects.includes('Relaxing'))).toBe(true)
    expect(oils).toHaveLength(OIL_SEED.filter((o) => o.effects.includes('Relaxing')).length)
  })

  it('requires every parameter to match when they are combined', async () => {
    const { oils } = await get('?scentFamily=Citrus&noteType=Middle&search=berg')
    expect(names(oils)).toEqual(['Bergamot'])
    const { oils: none } = await get('?scentFamily=Resinous&noteType=Top')
    expect(none).toEqual([])
  })

  it.each([
    ['noteType=Heart', 'Unknown note type "Heart"'],
    ['scentFamily=Citrus&scentFamily=Fruity', 'Unknown scent family "Fruity"'],
    ['effect=Sleepy', 'Unknown effect "Sleepy"'],
  ])('answers 400 naming the unknown value in ?%s', async (query, message) => {
    const { res } = await get(`?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('VALIDATION_ERROR')
    expect(res.json().error.message).toContain(message)
  })

  it('rejects unknown parameters', async () => {
    const { res } = await get('?colour=green')
    expect(res.statusCode).toBe(400)
  })

  it('is cacheable with an ETag', async () => {
    const { res } = await get('?noteType=Top')
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    const etag = String(res.headers.etag)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/essential-oils?noteType=Top',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it("makes each query's body once, then answers it without reading or serialising the catalog again", async () => {
    const first = await get('?noteType=Middle&effect=Relaxing')
    const read = vi.spyOn(t.app.catalog, 'all')
    try {
      const again = await get('?noteType=Middle&effect=Relaxing')
      expect(again.res.body).toBe(first.res.body)
      expect(again.res.headers.etag).toBe(first.res.headers.etag)
      expect(read).not.toHaveBeenCalled()
      await get('?noteType=Base&effect=Relaxing')
      expect(read).toHaveBeenCalledTimes(1)
    } finally {
      read.mockRestore()
    }
  })

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('sends the whole catalog %s-compressed to a client that accepts it, the same bytes every time', async (encoding, decode) => {
    const plain = await get()
    const asked = () => t.app.inject({ method: 'GET', url: '/api/essential-oils', headers: { 'accept-encoding': `${encoding}, identity` } })
    const [one, two] = [await asked(), await asked()]
    expect(one.headers['content-encoding']).toBe(encoding)
    expect(one.headers.vary).toContain('accept-encoding')
    expect(one.rawPayload.length).toBeLessThan(plain.res.rawPayload.length / 3)
    expect(decode(one.rawPayload).toString('utf8')).toBe(plain.res.body)
    expect(two.rawPayload.equals(one.rawPayload)).toBe(true)
    expect(one.headers.etag).toBe(plain.res.headers.etag)
  })
})
