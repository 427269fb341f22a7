import { describe, expect, it, vi } from 'vitest'
import { refusedAccordLayer, saveBlend, SaveBlendError, type SaveInput } from '#client/features/blend-creator/api/save-blend.ts'
import { withAccord } from '#shared/domain/wizard.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { COMPLETE } from '#tests/support/oil-fixtures.ts'

type Route = `${string} ${string}`

/** A fake API: each "METHOD /path" answers with JSON, or fails like apiRequest does. */
function fakeApi(routes: Partial<Record<Route, unknown>>) {
  const calls: { method: string; path: string; body: unknown; idempotencyKey?: string }[] = []
  const request = vi.fn(async (method: string, path: string, body?: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ method, path, body, ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) })
    const key = `${method} ${path}` as Route
    if (!(key in routes)) throw new ApiError(500, 'INTERNAL', `no route for ${key}`)
    const answer = routes[key]
    if (answer instanceof Error) throw answer
    return new Response(JSON.stringify(answer), { status: 201 })
  })
  return { request, calls }
}

const input: SaveInput = { composition: COMPLETE, name: 'Evening Calm', notes: 'Soft', projectId: null }
const now = () => new Date('2025-03-01T10:00:00.000Z')
const version = (letter: string, reference: string) => ({ id: 9, projectId: 4, versionLetter: letter, referenceNumber: reference })
const createdBlend = (outcome: 'created' | 'versioned', letter = 'a') => ({
  id: 4,
  name: 'Evening Calm',
  referenceNumber: '004a',
  outcome,
  version: version(letter, `004${letter}`),
})

describe('saving from the wizard', () => {
  it('sends one POST /api/blends, and reports a new blend when the server created one', async () => {
    const api = fakeApi({ 'POST /api/blends': createdBlend('created') })
    await expect(saveBlend(input, { request: api.request, now })).resolves.toEqual({
      outcome: 'created',
      blendId: 4,
      blendName: 'Evening Calm',
      versionId: 9,
      versionLetter: 'a',
      referenceNumber: '004a',
    })
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/blends',
      body: { name: 'Evening Calm', topNote: COMPLETE.topNote!.id, topPercentage: 30, notes: 'Soft' },
    })
  })

  it('reports a version when the server added one to a blend of that name', async () => {
    const api = fakeApi({ 'POST /api/blends': createdBlend('versioned', 'c') })
    await expect(saveBlend({ ...input, name: ' evening calm ' }, { request: api.request, now })).resolves.toEqual({
      outcome: 'versioned',
      blendId: 4,
      blendName: 'Evening Calm',
      versionId: 9,
      versionLetter: 'c',
      referenceNumber: '004c',
    })
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/blends'])
  })

  it('sends one POST /api/blend-versions to the blend in the URL, without a letter or reference', async () => {
    const api = fakeApi({
      'POST /api/blend-versions': { ...version('b', '012b'), outcome: 'versioned', blend: { id: 12, name: 'Calm Evenings' } },
    })
    const result = await saveBlend({ ...input, projectId: 12 }, { request: api.request, now })
    expect(result).toEqual({
      outcome: 'versioned',
      blendId: 12,
      blendName: 'Calm Evenings',
      versionId: 9,
      versionLetter: 'b',
      referenceNumber: '012b',
    })
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]?.body).toMatchObject({ projectId: 12, tested: false, maturationPeriod: 48, dateMade: '2025-03-01T10:00:00.000Z' })
    expect(api.calls[0]?.body).not.toHaveProperty('versionLetter')
    expect(api.calls[0]?.body).not.toHaveProperty('referenceNumber')
  })

  it('sends an idempotency key with the save, and a new key with the next save', async () => {
    const api = fakeApi({ 'POST /api/blends': createdBlend('created') })
    await saveBlend(input, { request: api.request, now })
    await saveBlend(input, { request: api.request, now })
    const [first, second] = api.calls.map((c) => c.idempotencyKey)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).not.toBe(first)
  })

  it.each<[string, SaveInput, Partial<Record<Route, unknown>>, string, boolean]>([
    [
      'the blend POST fails',
      input,
      { 'POST /api/blends': new ApiError(500, 'INTERNAL', 'Something went wrong') },
      'Error saving blend',
      false,
    ],
    ['the answer is not a save', input, { 'POST /api/blends': { id: 'nope' } }, 'Error saving blend', false],
    [
      'the version POST fails',
      { ...input, projectId: 4 },
      { 'POST /api/blend-versions': new ApiError(503, 'X', 'down') },
      'Error saving version',
      false,
    ],
    [
      'the blend in the URL is gone',
      { ...input, projectId: 4 },
      { 'POST /api/blend-versions': new ApiError(404, 'NOT_FOUND', 'Blend 4 was not found') },
      'Error saving version',
      true,
    ],
  ])('reports the right error when %s', async (_case, saving, routes, title, staleProject) => {
    const api = fakeApi(routes)
    const error = await saveBlend(saving, { request: api.request, now }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SaveBlendError)
    expect(error).toMatchObject({ title, description: 'Please try again later.', staleProject })
  })
})

describe('a refused accord (decision 077)', () => {
  const dawn = { versionId: 12, projectId: 1, name: 'Citrus Dawn', referenceNumber: '001b' }
  const withDawn = withAccord(COMPLETE, 'Middle', dawn)

  it('says the accord is gone and what to do, not "try again", when POST /api/blends answers 404 for middleAccord', async () => {
    const gone = new ApiError(404, 'NOT_FOUND', 'Blend version 12 was not found', [{ path: 'body.middleAccord', message: 'x' }])
    const api = fakeApi({ 'POST /api/blends': gone })
    const error = await saveBlend({ ...input, composition: withDawn }, { request: api.request, now }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SaveBlendError)
    expect(error).toMatchObject({
      title: 'Citrus Dawn 001b cannot be used here',
      description: 'Citrus Dawn 001b is no longer in your journal. Choose another accord or an oil for the Middle Note.',
      staleProject: false,
    })
  })

  it('keeps the blend in the URL when the version save refuses the accord, and gives the server’s reason', async () => {
    const nested = new ApiError(400, 'VALIDATION', 'Accords nest at most 3 deep.', [{ path: 'body.accords[0].versionId', message: 'x' }])
    const api = fakeApi({ 'POST /api/blend-versions': nested })
    const error = await saveBlend({ ...input, composition: withDawn, projectId: 4 }, { request: api.request, now }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      title: 'Citrus Dawn 001b cannot be used here',
      description: 'Accords nest at most 3 deep. Choose another accord or an oil for the Middle Note.',
      staleProject: false,
    })
  })

  it('leaves other refusals as they were: a 404 for the blend in the URL is still a stale project', () => {
    const gone = new ApiError(404, 'NOT_FOUND', 'Blend 4 was not found', [{ path: 'body.projectId', message: 'x' }])
    expect(refusedAccordLayer(withDawn, gone)).toBeNull()
    expect(refusedAccordLayer(COMPLETE, new ApiError(404, 'NOT_FOUND', 'x', [{ path: 'body.middleAccord', message: 'x' }]))).toBeNull()
  })
})
