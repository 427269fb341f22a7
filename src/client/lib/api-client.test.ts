import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, getQueryFn, newIdempotencyKey } from '#client/lib/api-client.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }
const first = fakeJwt('first')
const second = fakeJwt('second')

describe('apiRequest (docs/product.md §7)', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn(user)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('sends the bearer ID token with credentials and a JSON body', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'POST /api/blends': json({ id: 7 }, 201) })
    const res = await apiRequest('POST', '/api/blends', { name: 'Calm' })
    expect(await res.json()).toEqual({ id: 7 })
    const [, init] = api.fetchMock.mock.calls[1]!
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Calm"}' })
    expect(api.callsTo('POST /api/blends')[0]!.headers.get('authorization')).toBe(`Bearer ${first}`)
    expect(api.callsTo('POST /api/blends')[0]!.headers.get('content-type')).toBe('application/json')
  })

  it('uploads a Blob body as it is, with its own content type', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'POST /api/import/csv': json({}, 201) })
    const file = new Blob(['name,top\n'], { type: 'text/csv' })
    await apiRequest('POST', '/api/import/csv', file)
    const [, init] = api.fetchMock.mock.calls[1]!
    expect(init!.body).toBe(file)
    expect(api.callsTo('POST /api/import/csv')[0]!.headers.get('content-type')).toBe('text/csv')
  })

  it('reuses the token it holds while it is fresh', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'GET /api/blends': json([]) })
    await apiRequest('GET', '/api/blends')
    await apiRequest('GET', '/api/blends')
    expect(api.callsTo('GET /api/auth/token')).toHaveLength(1)
  })

  /** What apiRequest rejected with, or fails the test. */
  async function rejection(promise: Promise<unknown>): Promise<ApiError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }

  it('after a 401 fetches a fresh token and retries exactly once, then reports an authentication failure', async () => {
    const api = fakeFetch({
      'GET /api/auth/token': [json({ token: first }), json({ token: second })],
      'GET /api/blends': new Response('Token expired', { status: 401 }),
    })
    const error = await rejection(apiRequest('GET', '/api/blends'))
    expect(error).toMatchObject({ status: 401, code: 'HTTP_401', message: 'Authentication failed. Please sign in again.' })
    expect(error.cause).toMatchObject({ message: 'Token expired' })
    const tries = api.callsTo('GET /api/blends')
    expect(tries).toHaveLength(2)
    expect(tries.map((t) => t.headers.get('authorization'))).toEqual([`Bearer ${first}`, `Bearer ${second}`])
    expect(api.callsTo('GET /api/auth/token')).toHaveLength(2)
  })

  it('succeeds when the retry with the fresh token is accepted', async () => {
    fakeFetch({
      'GET /api/auth/token': [json({ token: first }), json({ token: second })],
      'GET /api/blends': [new Response('', { status: 401 }), json([{ id: 1 }])],
    })
    const res = await apiRequest('GET', '/api/blends')
    expect(await res.json()).toEqual([{ id: 1 }])
  })

  it('throws an ApiError with the error shape’s status, code, message and details', async () => {
    const details = [{ path: 'body.projectId', message: 'Blend 9 was not found' }]
    fakeFetch({
      'GET /api/auth/token': json({ token: first }),
      'POST /api/blend-versions': json({ error: { code: 'NOT_FOUND', message: 'Blend 9 was not found', details } }, 404),
    })
    const error = await rejection(apiRequest('POST', '/api/blend-versions', { projectId: 9 }))
    expect(error).toMatchObject({ name: 'ApiError', status: 404, code: 'NOT_FOUND', message: 'Blend 9 was not found', details })
    expect(error).toBeInstanceOf(Error)
  })

  it('reports a refusal without the error shape by its body, or its status text when the body is empty', async () => {
    fakeFetch({
      'GET /api/auth/token': json({ token: first }),
      'GET /api/blends': new Response('Something broke', { status: 500 }),
      'GET /api/blend-projects': new Response(null, { status: 404, statusText: 'Not Found' }),
    })
    expect(await rejection(apiRequest('GET', '/api/blends'))).toMatchObject({ status: 500, code: 'HTTP_500', message: 'Something broke' })
    expect(await rejection(apiRequest('GET', '/api/blend-projects'))).toMatchObject({ status: 404, code: 'HTTP_404', message: 'Not Found' })
  })

  it('fails with the not-authenticated message when nobody is signed in, without calling the API', async () => {
    setSignedOut()
    const api = fakeFetch({})
    expect(await rejection(apiRequest('GET', '/api/blends'))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'User not authenticated. Please sign in.',
    })
    expect(api.calls).toHaveLength(0)
  })

  it('reports "Authentication failed. Please sign in again." when no token is to be had', async () => {
    fakeFetch({
      'GET /api/auth/token': json({ error: { code: 'UNAUTHENTICATED', message: 'User not authenticated. Please sign in.' } }, 401),
    })
    expect(await rejection(apiRequest('GET', '/api/blends'))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Authentication failed. Please sign in again.',
    })
  })

  it('reports a request that got no answer as a network error (status 0)', async () => {
    fakeFetch({
      'GET /api/auth/token': json({ token: first }),
      'GET /api/blends': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    expect(await rejection(apiRequest('GET', '/api/blends'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
  })
})

describe('idempotency keys', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn(user)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('sends the key as Idempotency-Key, and the same key on the retry after a 401', async () => {
    const api = fakeFetch({
      'GET /api/auth/token': [json({ token: first }), json({ token: second })],
      'POST /api/blends': [new Response('', { status: 401 }), json({ id: 7 }, 201)],
    })
    await apiRequest('POST', '/api/blends', { name: 'Calm' }, { idempotencyKey: 'intent-1' })
    const tries = api.callsTo('POST /api/blends')
    expect(tries.map((t) => t.headers.get('idempotency-key'))).toEqual(['intent-1', 'intent-1'])
    expect(tries.map((t) => t.headers.get('authorization'))).toEqual([`Bearer ${first}`, `Bearer ${second}`])
  })

  it('sends no Idempotency-Key unless given one', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'POST /api/blends': json({ id: 7 }, 201) })
    await apiRequest('POST', '/api/blends', { name: 'Calm' })
    expect(api.callsTo('POST /api/blends')[0]!.headers.has('idempotency-key')).toBe(false)
  })

  it('makes a fresh UUID per intent, also without crypto.randomUUID (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()]
    expect(a).toMatch(uuid)
    expect(a).not.toBe(b)
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    const fallback = newIdempotencyKey()
    expect(fallback).toMatch(uuid)
    expect(fallback).not.toBe(newIdempotencyKey())
  })
})

describe('the query functions', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn(user)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('GET the first element of the query key by default, with the same token handling', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'GET /api/blends': json([{ id: 1 }, { id: 2 }]) })
    const client = createQueryClient()
    await expect(client.fetchQuery({ queryKey: ['/api/blends'] })).resolves.toEqual([{ id: 1 }, { id: 2 }])
    expect(api.callsTo('GET /api/blends')[0]!.headers.get('authorization')).toBe(`Bearer ${first}`)
  })

  it("settle with null after a lasting 401 when the query asks for 'returnNull'", async () => {
    const api = fakeFetch({
      'GET /api/auth/token': [json({ token: first }), json({ token: second })],
      'GET /api/blends': new Response('no', { status: 401 }),
    })
    const client = createQueryClient()
    await expect(client.fetchQuery({ queryKey: ['/api/blends'], meta: { on401: 'returnNull' } })).resolves.toBeNull()
    expect(api.callsTo('GET /api/blends')).toHaveLength(2)
  })

  it("turn any failure into null with getQueryFn({ on401: 'returnNull' })", async () => {
    fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'GET /api/blends': new Response('down', { status: 503 }) })
    const client = new QueryClient()
    const data = await client.fetchQuery({ queryKey: ['/api/blends'], queryFn: getQueryFn({ on401: 'returnNull' }) })
    expect(data).toBeNull()
  })

  it('fail the query with the error otherwise', async () => {
    fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'GET /api/blends': new Response('down', { status: 503 }) })
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/blends'] })).rejects.toMatchObject({ status: 503, message: 'down' })
  })
})
