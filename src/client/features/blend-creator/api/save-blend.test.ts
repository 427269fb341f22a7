import { describe, expect, it, vi } from 'vitest'
import { saveBlend, SaveBlendError, type SaveInput } from '#client/features/blend-creator/api/save-blend.ts'
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
