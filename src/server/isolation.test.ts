import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/**
 * Cross-user isolation. Every route under /api that needs a signed-in user has a case here;
 * the first test fails when a new endpoint has none. Id routes: user B gets 404 for user A's
 * objects and A's data is unchanged. Lists: each user sees only their own rows.
 */
type Ctx = { t: TestAppHandle; a: TestUser; b: TestUser }

const get = async (ctx: Ctx, url: string, user: TestUser) => {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: bearer(user.token) })
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200)
  return res.json() as unknown
}

/** Gives a user some data through the API; each issue that adds an owned entity extends it. */
async function seedFor(_ctx: Ctx, _user: TestUser): Promise<void> {
  // Owned entities arrive with the blend creator (issue #5) and the journal (issue #6).
}

const CASES: Record<string, (ctx: Ctx) => Promise<void>> = {
  'GET /api/blends': async (ctx) => {
    const [mineA, mineB] = [await get(ctx, '/api/blends', ctx.a), await get(ctx, '/api/blends', ctx.b)]
    expect(Array.isArray(mineA) && Array.isArray(mineB)).toBe(true)
    const idsA = (mineA as { id: unknown }[]).map((x) => x.id)
    const idsB = (mineB as { id: unknown }[]).map((x) => x.id)
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([])
  },
}

describe.each(ENGINES)('cross-user isolation on %s', (engine) => {
  let ctx: Ctx
  beforeAll(async () => {
    const t = await createTestApp(engine)
    const [a, b] = [await createUser(t), await createUser(t)]
    ctx = { t, a, b }
    await seedFor(ctx, a)
    await seedFor(ctx, b)
  })
  afterAll(async () => ctx.t.close())

  it('has a case for every route that needs a signed-in user', () => {
    const guarded = ctx.t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.public)
      .map((r) => `${r.method} ${r.url}`)
    expect(guarded.length).toBeGreaterThan(0)
    expect(guarded.filter((key) => !(key in CASES)), 'routes without an isolation case').toEqual([])
  })

  it.each(Object.keys(CASES))('%s keeps users apart', async (key) => {
    await CASES[key]!(ctx)
  })

  it('answers 401 on every guarded route without a token', async () => {
    for (const r of ctx.t.app.registeredRoutes.filter((x) => x.url.startsWith('/api/') && !x.public)) {
      const url = r.url.replace(/:(\w+)/g, '1')
      const res = await ctx.t.app.inject({ method: r.method as 'GET', url, headers: { origin: ctx.t.config.publicUrl } })
      expect(res.statusCode, `${r.method} ${url}`).toBe(401)
      expect(res.json().error.code).toBe('UNAUTHENTICATED')
    }
  })
})
