import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createIdempotency } from '#server/http/idempotency.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * The contract holds on the paths that send a kept answer again (#25): a row with a field the
 * response schema does not declare is stripped from a fresh answer, a list-cache hit and an
 * idempotent replay alike, as it is from every other answer.
 */
describe.each(ENGINES)('kept answers follow the response schema on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let app: FastifyInstance
  const Row = z.object({ id: z.number().int(), name: z.string() })
  /** A repository row with one field too many. */
  const row = () => ({ id: 7, name: 'Morning Grove', ownerEmail: 'not-in-the-contract@example.com' })
  const declared = { id: 7, name: 'Morning Grove' }
  let computed = 0

  useTestApp(engine, (ctx) => ({ t, user } = ctx))
  beforeAll(async () => {
    app = Fastify()
    app.setSerializerCompiler(serializerCompiler)
    app.decorateRequest('userId', '')
    app.addHook('onRequest', async (request) => {
      request.userId = user.userId
    })
    const cache = createListCache()
    const createOnce = createIdempotency(t.db, app.log)
    app.get('/rows', { schema: { response: { 200: z.object({ items: z.array(Row) }) } } }, (request, reply) =>
      cache(request, reply, 1, async () => {
        computed++
        return { body: { items: [row()] } }
      }),
    )
    app.post('/rows', { schema: { response: { 201: Row } } }, (request, reply) => createOnce(request, reply, async () => row()))
    await app.ready()
  })
  // Closed before the test app (after-hooks run last-registered first).
  afterAll(async () => app.close())

  it('strips the field from a list computed afresh and from the same list answered from the cache', async () => {
    const fresh = await app.inject('/rows')
    const hit = await app.inject('/rows')
    expect(computed).toBe(1)
    expect(fresh.json()).toEqual({ items: [declared] })
    expect(hit.json()).toEqual({ items: [declared] })
    expect(hit.body).not.toContain('not-in-the-contract')
  })

  it('strips the field from a create, with or without a key, and from its replay', async () => {
    const plain = await app.inject({ method: 'POST', url: '/rows', payload: {} })
    expect(plain.statusCode).toBe(201)
    expect(plain.json()).toEqual(declared)
    const key = crypto.randomUUID()
    const first = await app.inject({ method: 'POST', url: '/rows', payload: {}, headers: { 'idempotency-key': key } })
    const replay = await app.inject({ method: 'POST', url: '/rows', payload: {}, headers: { 'idempotency-key': key } })
    expect(first.json()).toEqual(declared)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(declared)
    expect(replay.body).not.toContain('not-in-the-contract')
  })
})
