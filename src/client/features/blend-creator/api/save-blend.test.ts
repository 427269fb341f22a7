import { describe, expect, it, vi } from 'vitest'
import { saveBlend, SaveBlendError, type SaveInput } from '#client/features/blend-creator/api/save-blend.ts'
import { COMPLETE } from '#tests/support/oil-fixtures.ts'

type Route = `${string} ${string}`

/** A fake API: each "METHOD /path" answers with JSON, or fails like apiRequest does. */
function fakeApi(routes: Partial<Record<Route, unknown>>) {
  const calls: { method: string; path: string; body: unknown; idempotencyKey?: string }[] = []
  const request = vi.fn(async (method: string, path: string, body?: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ method, path, body, ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) })
    const key = `${method} ${path}` as Route
    if (!(key in routes)) throw new Error(`500: no route for ${key}`)
    const answer = routes[key]
    if (answer instanceof Error) throw answer
    return new Response(JSON.stringify(answer), { status: 200 })
  })
  return { request, calls }
}

const input: SaveInput = { composition: COMPLETE, name: 'Evening Calm', notes: 'Soft', urlProject: null }
const now = () => new Date('2025-03-01T10:00:00.000Z')
const project = { id: 4, name: 'Evening Calm', blendNumber: 4, description: null, createdAt: '', versions: [] }

describe('saving from the wizard', () => {
  it('posts a new blend when no blend or project has the name', async () => {
    const saved = { id: 5, name: 'Evening Calm' }
    const api = fakeApi({ 'GET /api/blends': [], 'GET /api/blend-projects': [], 'POST /api/blends': saved })
    await expect(saveBlend(input, { request: api.request, now })).resolves.toEqual({ kind: 'blend', blend: saved })
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/blends',
      body: { name: 'Evening Calm', topNote: COMPLETE.topNote!.id, topPercentage: 30, notes: 'Soft' },
    })
  })

  it('posts a version when a project has the name', async () => {
    const version = { id: 9, versionLetter: 'a' }
    const api = fakeApi({
      'GET /api/blends': [],
      'GET /api/blend-projects': [project],
      'POST /api/blend-versions': version,
    })
    await expect(saveBlend({ ...input, name: ' evening calm ' }, { request: api.request, now })).resolves.toEqual({
      kind: 'version',
      version,
      projectName: 'Evening Calm',
    })
    expect(api.calls.at(-1)).toMatchObject({
      path: '/api/blend-versions',
      body: { projectId: 4, tested: false, maturationPeriod: 48, formulationNotes: 'Soft', dateMade: '2025-03-01T10:00:00.000Z' },
    })
  })

  it('posts a version to the project named in the URL', async () => {
    const api = fakeApi({ 'GET /api/blends': [], 'GET /api/blend-projects': [], 'POST /api/blend-versions': { id: 1 } })
    const result = await saveBlend({ ...input, urlProject: { id: 12, name: 'Calm Evenings' } }, { request: api.request, now })
    expect(result).toMatchObject({ kind: 'version', projectName: 'Calm Evenings' })
    expect(api.calls.at(-1)?.body).toMatchObject({ projectId: 12 })
  })

  it('first creates a project for a matching blend without one', async () => {
    const api = fakeApi({
      'GET /api/blends': [{ id: 3, name: 'Evening Calm' }],
      'GET /api/blend-projects': [],
      'POST /api/blend-projects': { ...project, id: 30 },
      'POST /api/blend-versions': { id: 1 },
    })
    await saveBlend(input, { request: api.request, now })
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/blends',
      'GET /api/blend-projects',
      'POST /api/blend-projects',
      'POST /api/blend-versions',
    ])
    expect(api.calls[2]?.body).toEqual({ name: 'Evening Calm', description: 'Project created from existing blend 3' })
    expect(api.calls[3]?.body).toMatchObject({ projectId: 30 })
  })

  it('sends one idempotency key with every create of one save, and a new key with the next save', async () => {
    const routes = {
      'GET /api/blends': [{ id: 3, name: 'Evening Calm' }],
      'GET /api/blend-projects': [],
      'POST /api/blend-projects': { ...project, id: 30 },
      'POST /api/blend-versions': { id: 1 },
    }
    const api = fakeApi(routes)
    await saveBlend(input, { request: api.request, now })
    await saveBlend(input, { request: api.request, now })
    const keys = api.calls.filter((c) => c.method === 'POST').map((c) => c.idempotencyKey)
    expect(keys).toHaveLength(4)
    expect(keys[0]).toEqual(expect.any(String))
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
    expect(keys[3]).toBe(keys[2])
    expect(api.calls.filter((c) => c.method === 'GET').every((c) => c.idempotencyKey === undefined)).toBe(true)
  })

  it.each<[string, Partial<Record<Route, unknown>>, string, string]>([
    [
      'the lookups fail',
      { 'GET /api/blends': new Error('500: down'), 'GET /api/blend-projects': [] },
      'Error saving blend',
      'Failed to save blend. Please try again.',
    ],
    [
      'the project cannot be created',
      { 'GET /api/blends': [{ id: 3, name: 'Evening Calm' }], 'GET /api/blend-projects': [] },
      'Error saving blend',
      'Failed to save blend. Please try again.',
    ],
    [
      'the blend POST fails',
      { 'GET /api/blends': [], 'GET /api/blend-projects': [] },
      'Error saving blend',
      'Please try again later.',
    ],
    [
      'the version POST fails',
      { 'GET /api/blends': [], 'GET /api/blend-projects': [project] },
      'Error saving version',
      'Please try again later.',
    ],
  ])('reports the right toast when %s', async (_case, routes, title, description) => {
    const api = fakeApi(routes)
    const error = await saveBlend(input, { request: api.request, now }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SaveBlendError)
    expect(error).toMatchObject({ title, description })
  })
})
