import { describe, expect, it } from 'vitest'
import { BlendComparisonSchema } from '#shared/api/blend-list.ts'
import { CreatedBlendSchema, SavePreviewSchema, type SavePreview } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { countedQueries } from '#tests/support/query-counter.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Comparing two versions of a blend (GET /api/blends/{id}/compare) and saying what a save by name
 * will do before it happens (GET /api/blends/save-preview); docs/decisions/037-comparing-versions.md.
 */
describe.each(ENGINES)('comparing versions and previewing a save on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const o = (name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })

  /** Morning Grove: 001a Bergamot 30 / Lavender 50 / Cedarwood 20, 001b, and 001c Lemon 20 + Bergamot 20 / Lavender 40 / Cedarwood 20. */
  async function grove(me: TestUser) {
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Morning Grove' }))
    await injectAs(t, me, 'POST', '/api/blend-versions', versionBody(oils, blend.id))
    const c = await injectAs(
      t,
      me,
      'POST',
      '/api/blend-versions',
      versionBody(oils, blend.id, {
        topOils: [o('Lemon', 20), o('Bergamot', 20)],
        middleOils: [o('Lavender', 40)],
        baseOils: [o('Atlas Cedarwood', 20)],
      }),
    )
    expect(c.statusCode, c.body).toBe(201)
    const versionC = c.json() as { id: number }
    // Tests: 001a rated 4 then 2 and one unrated; 001c rated 5.
    for (const [versionId, rating] of [
      [blend.version.id, 4],
      [blend.version.id, null],
      [blend.version.id, 2],
      [versionC.id, 5],
    ] as const) {
      expect((await injectAs(t, me, 'POST', '/api/journal-entries', { versionId, rating })).statusCode).toBe(201)
    }
    return { blend, aId: blend.version.id, cId: versionC.id }
  }

  const compare = async (me: TestUser, url: string) => {
    const res = await injectAs(t, me, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return BlendComparisonSchema.parse(res.json())
  }

  it('answers both versions’ oils, test counts and ratings, by letter, reference or id', async () => {
    const me = await createUser(t)
    const { blend, aId, cId } = await grove(me)
    const body = await compare(me, `/api/blends/${blend.id}/compare?a=a&b=001c`)
    expect(body.blend).toEqual({ id: blend.id, name: 'Morning Grove' })
    expect(body.choices.map((c) => c.referenceNumber)).toEqual(['001a', '001b', '001c'])
    expect(body.a).toMatchObject({ id: aId, referenceNumber: '001a', testCount: 3, ratedCount: 2, latestRating: 2, averageRating: 3 })
    expect(body.b).toMatchObject({ id: cId, referenceNumber: '001c', testCount: 1, ratedCount: 1, latestRating: 5, averageRating: 5 })
    expect(body.b.topOils.map((x) => [x.name, x.percentage])).toEqual([
      ['Lemon', 20],
      ['Bergamot', 20],
    ])
    // Only the two versions' rated tests, oldest first.
    expect(body.ratings.map((r) => [r.versionId, r.rating])).toEqual([
      [aId, 4],
      [aId, 2],
      [cId, 5],
    ])
    // The same versions however they are named; a version with itself is allowed.
    expect(await compare(me, `/api/blends/${blend.id}/compare?a=${aId}&b=C`)).toEqual(body)
    const self = await compare(me, `/api/blends/${blend.id}/compare?a=001b&b=b`)
    expect(self.a).toEqual(self.b)
    expect(self.a).toMatchObject({ testCount: 0, ratedCount: 0, latestRating: null, averageRating: null })
    expect(self.ratings).toEqual([])
  })

  it('answers 404 for another user’s blend, a version of another blend, and a letter the blend does not have', async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    const mine = await grove(me)
    const second = await createBlend(t, me, blendBody(oils, { name: 'Second' }))
    const theirs = await createBlend(t, other, blendBody(oils, { name: 'Theirs' }))
    for (const url of [
      `/api/blends/${theirs.id}/compare?a=a&b=a`,
      `/api/blends/${mine.blend.id}/compare?a=a&b=${second.version.id}`,
      `/api/blends/${mine.blend.id}/compare?a=${theirs.version.id}&b=a`,
      `/api/blends/${mine.blend.id}/compare?a=a&b=d`,
      `/api/blends/${mine.blend.id}/compare?a=002a&b=a`,
      `/api/blends/424242/compare?a=a&b=b`,
    ]) {
      const res = await injectAs(t, me, 'GET', url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.code, url).toBe('NOT_FOUND')
    }
    // The other user sees my blend as not found either.
    expect((await injectAs(t, other, 'GET', `/api/blends/${mine.blend.id}/compare?a=a&b=c`)).statusCode).toBe(404)
    // And a selector that is no version's spelling is a 400 naming it.
    const bad = await injectAs(t, me, 'GET', `/api/blends/${mine.blend.id}/compare?a=a&b=${encodeURIComponent('c; drop')}`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].path).toBe('querystring.b')
  })

  it('costs the same queries for a blend with 3 versions and few tests or 30 versions and many', async () => {
    const [few, many] = [await createUser(t), await createUser(t)]
    const small = await grove(few)
    const big = await grove(many)
    for (let i = 0; i < 27; i++) await injectAs(t, many, 'POST', '/api/blend-versions', versionBody(oils, big.blend.id))
    for (let i = 0; i < 20; i++) await injectAs(t, many, 'POST', '/api/journal-entries', { versionId: big.cId, rating: (i % 5) + 1 })
    const count = async (me: TestUser, id: number) => {
      // The guard re-checks a session every few seconds: a request just before keeps that out of the count.
      await injectAs(t, me, 'GET', '/api/next-reference-number')
      return countedQueries(t, async () => expect((await injectAs(t, me, 'GET', `/api/blends/${id}/compare?a=a&b=c`)).statusCode).toBe(200))
    }
    const [a, b] = [await count(few, small.blend.id), await count(many, big.blend.id)]
    // The data version, the project and its versions, the two versions' test counts and their ratings.
    expect(a).toBe(5)
    expect(b).toBe(a)
  })

  const preview = async (me: TestUser, name: string) => {
    const res = await injectAs(t, me, 'GET', `/api/blends/save-preview?name=${encodeURIComponent(name)}`)
    expect(res.statusCode, res.body).toBe(200)
    return SavePreviewSchema.parse(res.json())
  }
  const save = async (me: TestUser, name: string) => {
    const res = await injectAs(t, me, 'POST', '/api/blends', blendBody(oils, { name }))
    expect(res.statusCode, res.body).toBe(201)
    return CreatedBlendSchema.parse(res.json())
  }
  /** What a preview said, in the terms of the save's answer. */
  const asSaved = (p: SavePreview) => ({ outcome: p.outcome, versionLetter: p.versionLetter, referenceNumber: p.referenceNumber })

  it('previews exactly what the save then does: a new blend, then versions of it by any spelling of its name', async () => {
    const me = await createUser(t)
    await save(me, 'Other')
    const steps: [string, SavePreview['outcome'], string][] = [
      ['Morning Grove', 'created', '002a'],
      ['  morning GROVE ', 'versioned', '002b'],
      ['Morning Grove', 'versioned', '002c'],
      ['Evening Calm', 'created', '003a'],
    ]
    for (const [name, outcome, reference] of steps) {
      const before = await preview(me, name)
      expect(before).toMatchObject({ outcome, referenceNumber: reference })
      const saved = await save(me, name)
      expect({
        outcome: saved.outcome,
        versionLetter: saved.version.versionLetter,
        referenceNumber: saved.version.referenceNumber,
      }).toEqual(asSaved(before))
      if (before.blend) expect(before.blend).toEqual({ id: saved.id, name: saved.name })
    }
    // A preview writes nothing: asking twice answers the same.
    expect(await preview(me, 'Morning Grove')).toEqual(await preview(me, 'morning grove'))
    expect(await preview(me, 'Morning Grove')).toMatchObject({
      outcome: 'versioned',
      versionLetter: 'd',
      referenceNumber: '002d',
      blend: { name: 'Morning Grove' },
    })
  })

  it('refuses a blank or overlong name with 400', async () => {
    const me = await createUser(t)
    for (const url of [
      '/api/blends/save-preview',
      '/api/blends/save-preview?name=%20%20',
      `/api/blends/save-preview?name=${'x'.repeat(121)}`,
    ]) {
      const res = await injectAs(t, me, 'GET', url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
    }
  })
})
