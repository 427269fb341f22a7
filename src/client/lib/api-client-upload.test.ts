import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, type UploadProgress } from '#client/lib/api-client.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { fakeXhr } from '#client/testing/fake-xhr.ts'

/** An upload with progress through the API client: the answer's parsed JSON. */
const uploadWithProgress = async (path: string, body: Blob, options: { idempotencyKey?: string; onProgress: UploadProgress }) =>
  (await apiRequest('POST', path, body, options)).json() as Promise<unknown>

const [first, second] = [fakeJwt('first'), fakeJwt('second')]
const body = () => new Blob(['{"format":"accord-export"}'], { type: 'application/json' })

describe('apiRequest with onProgress (an upload through XMLHttpRequest)', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
    fakeXhr()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('reports progress and answers the parsed JSON, with the bearer token and the idempotency key', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: first }), 'POST /api/import': json({ dryRun: false }, 201) })
    const progress: number[] = []
    expect(await uploadWithProgress('/api/import', body(), { idempotencyKey: 'k-1', onProgress: (p) => progress.push(p) })).toEqual({
      dryRun: false,
    })
    expect(progress).toEqual([0.5, 1])
    const call = api.callsTo('POST /api/import')[0]!
    expect([call.headers.get('authorization'), call.headers.get('idempotency-key'), call.headers.get('content-type')]).toEqual([
      `Bearer ${first}`,
      'k-1',
      'application/json',
    ])
  })

  it('gets a fresh token once after a 401 and sends the same key again', async () => {
    const api = fakeFetch({
      'GET /api/auth/token': [json({ token: first }), json({ token: second })],
      'POST /api/import': [json({ error: { code: 'UNAUTHENTICATED', message: 'expired' } }, 401), json({ ok: true }, 201)],
    })
    expect(await uploadWithProgress('/api/import', body(), { idempotencyKey: 'k-2', onProgress: () => {} })).toEqual({ ok: true })
    expect(api.callsTo('POST /api/import').map((c) => [c.headers.get('authorization'), c.headers.get('idempotency-key')])).toEqual([
      [`Bearer ${first}`, 'k-2'],
      [`Bearer ${second}`, 'k-2'],
    ])
  })

  it('fails with the error shape as an ApiError', async () => {
    fakeFetch({
      'GET /api/auth/token': json({ token: first }),
      'POST /api/import': json(
        { error: { code: 'UNKNOWN_OILS', message: 'Unknown oil', details: [{ path: 'blends[0]', message: 'x' }] } },
        422,
      ),
    })
    const error = await uploadWithProgress('/api/import', body(), { onProgress: () => {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 422,
      code: 'UNKNOWN_OILS',
      message: 'Unknown oil',
      details: [{ path: 'blends[0]', message: 'x' }],
    })
  })
})
