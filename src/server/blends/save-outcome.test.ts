import { describe, expect, it } from 'vitest'
import { CreatedBlendSchema, CreatedVersionSchema } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** The server decides what a save does and says so in its answer; the wizard only shows it. */
describe.each(ENGINES)('what a save did, on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const post = (who: TestUser, url: string, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${who.token}`, ...(key ? { 'idempotency-key': key } : {}) },
    })

  it('answers a new name with outcome created, version a and its reference', async () => {
    const me = await createUser(t)
    const res = await post(me, '/api/blends', blendBody(oils, { name: 'Harbour Mist' }))
    expect(res.statusCode).toBe(201)
    const body = CreatedBlendSchema.parse(res.json())
    expect(body).toMatchObject({ name: 'Harbour Mist', referenceNumber: '001a', outcome: 'created' })
    expect(body.version).toMatchObject({ projectId: body.id, versionLetter: 'a', referenceNumber: '001a' })
  })

  it('answers a name the user has (any case, spaces) with outcome versioned and the next letter', async () => {
    const me = await createUser(t)
    await post(me, '/api/blends', blendBody(oils, { name: 'Other' }))
    const first = CreatedBlendSchema.parse((await post(me, '/api/blends', blendBody(oils, { name: 'Harbour Mist' }))).json())
    const again = CreatedBlendSchema.parse((await post(me, '/api/blends', blendBody(oils, { name: ' harbour MIST ' }))).json())
    expect(again).toMatchObject({ id: first.id, name: 'Harbour Mist', outcome: 'versioned', versionCount: 2 })
    expect(again.version).toMatchObject({ versionLetter: 'b', referenceNumber: '002b' })
  })

  it('does not version another user’s blend of the same name', async () => {
    const [me, other] = [await createUser(t), await createUser(t)]
    await post(other, '/api/blends', blendBody(oils, { name: 'Shared Name' }))
    const mine = CreatedBlendSchema.parse((await post(me, '/api/blends', blendBody(oils, { name: 'Shared Name' }))).json())
    expect(mine).toMatchObject({ outcome: 'created', referenceNumber: '001a' })
  })

  it('answers a version with outcome versioned, its letter and reference, and the blend it joined', async () => {
    const me = await createUser(t)
    const blend = CreatedBlendSchema.parse((await post(me, '/api/blends', blendBody(oils, { name: 'Cedar Dusk' }))).json())
    const res = await post(me, '/api/blend-versions', versionBody(oils, blend.id))
    expect(res.statusCode).toBe(201)
    const version = CreatedVersionSchema.parse(res.json())
    expect(version).toMatchObject({
      outcome: 'versioned',
      projectId: blend.id,
      versionLetter: 'b',
      referenceNumber: '001b',
      blend: { id: blend.id, name: 'Cedar Dusk' },
    })
  })

  it('replays the same answer, outcome included, for a repeated Idempotency-Key', async () => {
    const me = await createUser(t)
    const body = blendBody(oils, { name: 'Once Only' })
    const first = await post(me, '/api/blends', body, 'save-intent-1')
    const repeat = await post(me, '/api/blends', body, 'save-intent-1')
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    expect(repeat.json()).toEqual(first.json())
    expect(CreatedBlendSchema.parse(repeat.json()).outcome).toBe('created')
  })

  it.each([
    ['a deleted blend', 'deleted'],
    ['another user’s blend', 'foreign'],
    ['a blend that never existed', 'missing'],
  ] as const)('answers a version for %s with a clear 404 in the error shape', async (_label, kind) => {
    const [me, other] = [await createUser(t), await createUser(t)]
    let projectId = 987_654
    if (kind === 'deleted') {
      projectId = CreatedBlendSchema.parse((await post(me, '/api/blends', blendBody(oils, { name: 'Gone' }))).json()).id
      expect((await injectAs(t, me, 'DELETE', `/api/blends/${projectId}`)).statusCode).toBe(204)
    } else if (kind === 'foreign') {
      projectId = CreatedBlendSchema.parse((await post(other, '/api/blends', blendBody(oils, { name: 'Theirs' }))).json()).id
    }
    const res = await post(me, '/api/blend-versions', versionBody(oils, projectId), `stale-${kind}`)
    expect(res.statusCode).toBe(404)
    const message = `Blend ${projectId} was not found: it may have been deleted, or it is not in your journal`
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message, details: [{ path: 'body.projectId', message }] } })
    // Nothing was written: the other user's blend still has its one version, and a retry is answered the same.
    if (kind === 'foreign') {
      const theirs = CreatedVersionSchema.parse((await post(other, '/api/blend-versions', versionBody(oils, projectId))).json())
      expect(theirs.versionLetter).toBe('b')
    }
    expect((await post(me, '/api/blend-versions', versionBody(oils, projectId), `stale-${kind}`)).statusCode).toBe(404)
  })
})
