import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { BlendVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { IDEMPOTENCY_TTL_MS, sweepExpiredKeys } from '#server/http/idempotency.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { bearer, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

type Table = 'blend_projects' | 'blend_versions' | 'journal_entries' | 'idempotency_keys'

/** One create endpoint: a valid body for a user, and the table each success adds a row to. */
type Endpoint = { url: string; table: Table; body: (ctx: Ctx, user: TestUser) => Promise<object> }
type Ctx = { t: TestAppHandle; oils: Record<string, EssentialOil> }

/** A blend of the user's own, made without a key, to add versions and entries to. */
const ownBlend = (ctx: Ctx, user: TestUser) => createBlend(ctx.t, user, blendBody(ctx.oils, { name: `Base ${randomUUID()}` }))

const ENDPOINTS: Endpoint[] = [
  { url: '/api/blends', table: 'blend_versions', body: async (ctx) => blendBody(ctx.oils, { name: `Blend ${randomUUID()}` }) },
  { url: '/api/blend-projects', table: 'blend_projects', body: async () => ({ name: `Project ${randomUUID()}`, description: null }) },
  { url: '/api/blend-versions', table: 'blend_versions', body: async (ctx, user) => versionBody(ctx.oils, (await ownBlend(ctx, user)).id) },
  {
    url: '/api/journal-entries',
    table: 'journal_entries',
    body: async (ctx, user) => ({ versionId: (await ownBlend(ctx, user)).version.id, notes: 'smells green', rating: 4 }),
  },
]

describe.each(ENGINES)('Idempotency-Key on the create endpoints on %s', (engine) => {
  const ctx = {} as Ctx
  useTestApp(engine, ({ t, oils }) => Object.assign(ctx, { t, oils }))

  const post = (user: TestUser, url: string, payload: object, key?: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(user.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    })

  const count = async (table: Table, userId: string) =>
    Number(
      (
        await ctx.t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  describe.each(ENDPOINTS)('POST $url', ({ url, table, body }) => {
    it('answers a repeated key with the first result and creates nothing more', async () => {
      const user = await createUser(ctx.t)
      const payload = await body(ctx, user)
      const before = await count(table, user.userId)
      const key = randomUUID()
      const first = await post(user, url, payload, key)
      expect(first.statusCode, first.body).toBe(201)
      const again = await post(user, url, payload, key)
      expect(again.statusCode).toBe(201)
      expect(again.body).toBe(first.body)
      expect(again.headers['content-type']).toBe(first.headers['content-type'])
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(await count(table, user.userId)).toBe(before + 1)
    })

    it('creates exactly one row for concurrent requests with one key', async () => {
      const user = await createUser(ctx.t)
      const payload = await body(ctx, user)
      const before = await count(table, user.userId)
      const key = randomUUID()
      const answers = await Promise.all([1, 2, 3, 4].map(() => post(user, url, payload, key)))
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201])
      expect(new Set(answers.map((a) => a.body)).size).toBe(1)
      expect(await count(table, user.userId)).toBe(before + 1)
    })

    it('keeps keys per user: another user with the same key creates their own', async () => {
      const [a, b] = [await createUser(ctx.t), await createUser(ctx.t)]
      const key = `shared-${randomUUID()}`
      const [payloadA, payloadB] = [await body(ctx, a), await body(ctx, b)]
      const [beforeA, beforeB] = [await count(table, a.userId), await count(table, b.userId)]
      const [resA, resB] = [await post(a, url, payloadA, key), await post(b, url, payloadB, key)]
      expect([resA.statusCode, resB.statusCode]).toEqual([201, 201])
      expect(resA.json().id).not.toBe(resB.json().id)
      expect(await count(table, a.userId)).toBe(beforeA + 1)
      expect(await count(table, b.userId)).toBe(beforeB + 1)
    })

    it('refuses the same key with a different body (422) and creates nothing', async () => {
      const user = await createUser(ctx.t)
      const key = randomUUID()
      const [payload, other] = [await body(ctx, user), await body(ctx, user)]
      expect((await post(user, url, payload, key)).statusCode).toBe(201)
      const before = await count(table, user.userId)
      const res = await post(user, url, other, key)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) })
      expect(await count(table, user.userId)).toBe(before)
    })

    it.each([
      ['that is empty', ''],
      ['of 201 characters', 'k'.repeat(201)],
      ['with a non-ASCII character', 'clé-1'],
      ['with a control character', 'a\u0001b'],
    ])('refuses a key %s with 400 in the error shape and creates nothing', async (_label, key) => {
      const user = await createUser(ctx.t)
      const payload = await body(ctx, user)
      const before = await count(table, user.userId)
      const res = await post(user, url, payload, key)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('idempotency-key') })
      expect(await count(table, user.userId)).toBe(before)
      expect(await count('idempotency_keys', user.userId)).toBe(0)
    })

    it('accepts a key of 200 printable characters', async () => {
      const user = await createUser(ctx.t)
      const res = await post(user, url, await body(ctx, user), `${'~ !'.repeat(66)}xy`)
      expect(res.statusCode, res.body).toBe(201)
    })
  })

  it('without a key, every request creates (the header is opt-in)', async () => {
    const user = await createUser(ctx.t)
    const payload = blendBody(ctx.oils, { name: 'No Key' })
    await post(user, '/api/blends', payload)
    await post(user, '/api/blends', payload)
    expect(await count('blend_versions', user.userId)).toBe(2)
    expect(await count('idempotency_keys', user.userId)).toBe(0)
  })

  it('keeps keys per endpoint: one key on two endpoints creates on both', async () => {
    const user = await createUser(ctx.t)
    const key = randomUUID()
    const project = await post(user, '/api/blend-projects', { name: 'Keyed project', description: null }, key)
    expect(project.statusCode).toBe(201)
    const version = await post(user, '/api/blend-versions', versionBody(ctx.oils, project.json().id as number), key)
    expect(version.statusCode, version.body).toBe(201)
    expect(version.headers['idempotent-replayed']).toBeUndefined()
    expect(await count('blend_versions', user.userId)).toBe(1)
  })

  it('binds a key to the resource it was first sent for: the same key for another blend is a 422, not the first blend’s answer', async () => {
    const user = await createUser(ctx.t)
    const [x, y] = [
      await createBlend(ctx.t, user, blendBody(ctx.oils, { name: `X ${randomUUID()}` })),
      await createBlend(ctx.t, user, blendBody(ctx.oils, { name: `Y ${randomUUID()}` })),
    ]
    const key = `k1-${randomUUID()}`
    const first = await post(user, `/api/blends/${x.id}/shares`, {}, key)
    expect(first.statusCode, first.body).toBe(201)
    const other = await post(user, `/api/blends/${y.id}/shares`, {}, key)
    expect(other.statusCode, other.body).toBe(422)
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(other.body).not.toContain(first.json().token as string)
    const links = await ctx.t.app.inject({ method: 'GET', url: `/api/blends/${y.id}/shares`, headers: bearer(user.token) })
    expect(links.json()).toMatchObject({ items: [] })
    // A fresh key for Y makes Y's own link.
    const fresh = await post(user, `/api/blends/${y.id}/shares`, {}, randomUUID())
    expect(fresh.statusCode).toBe(201)
    expect(fresh.json().token).not.toBe(first.json().token)
  })

  it('does not keep the key of a create that failed: the retry runs again', async () => {
    const user = await createUser(ctx.t)
    const key = randomUUID()
    const missing = await post(user, '/api/journal-entries', { versionId: 2_000_000_000 }, key)
    expect(missing.statusCode).toBe(404)
    expect(await count('idempotency_keys', user.userId)).toBe(0)
  })

  it('keeps the list caches right: the keyed create shows in the list, the replay changes nothing', async () => {
    const user = await createUser(ctx.t)
    const list = () => ctx.t.app.inject({ method: 'GET', url: '/api/blends', headers: bearer(user.token) })
    const empty = await list()
    const key = randomUUID()
    const payload = blendBody(ctx.oils, { name: 'Listed Once' })
    const created = await post(user, '/api/blends', payload, key)
    const after = await list()
    expect(after.headers.etag).not.toBe(empty.headers.etag)
    expect((after.json() as { items: { id: number }[] }).items.map((b) => b.id)).toEqual([created.json().id])
    await post(user, '/api/blends', payload, key)
    const replayed = await list()
    expect(replayed.headers.etag).toBe(after.headers.etag)
    expect(replayed.json()).toEqual(after.json())
  })

  it('frees a key after 24 hours, and the sweep deletes only expired keys', async () => {
    const user = await createUser(ctx.t)
    const key = randomUUID()
    const payload = blendBody(ctx.oils, { name: 'Yesterday' })
    const first = (await post(user, '/api/blends', payload, key)).json() as { version: BlendVersion }
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000).toISOString()
    await ctx.t.db.kysely.updateTable('idempotency_keys').set({ created_at: old }).where('user_id', '=', user.userId).execute()
    const second = await post(user, '/api/blends', payload, key)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBeUndefined()
    expect((second.json() as { version: BlendVersion }).version.id).not.toBe(first.version.id)

    await post(user, '/api/blend-projects', { name: 'Fresh key', description: null }, randomUUID())
    await ctx.t.db.kysely
      .updateTable('idempotency_keys')
      .set({ created_at: old })
      .where('user_id', '=', user.userId)
      .where('method_path', '=', 'POST /api/blends')
      .execute()
    expect(await sweepExpiredKeys(ctx.t.db)).toBeGreaterThanOrEqual(1)
    const left = await ctx.t.db.kysely.selectFrom('idempotency_keys').select('method_path').where('user_id', '=', user.userId).execute()
    expect(left).toEqual([{ method_path: 'POST /api/blend-projects' }])
  })

  it("deletes a user's keys with the user", async () => {
    const user = await createUser(ctx.t)
    await post(user, '/api/blend-projects', { name: 'Soon gone', description: null }, randomUUID())
    expect(await count('idempotency_keys', user.userId)).toBe(1)
    await ctx.t.db.kysely.deleteFrom('user').where('id', '=', user.userId).execute()
    expect(await count('idempotency_keys', user.userId)).toBe(0)
  })
})
