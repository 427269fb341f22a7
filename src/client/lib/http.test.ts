import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getJson } from '#client/lib/api-client.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { ResponseDriftError, readAs, send } from '#client/lib/http.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const account = { name: 'Ada', email: 'ada@example.com', signInMethods: ['password'], createdAt: '2026-01-02T03:04:05.000Z' }

describe('the one transport', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it("reads an answer that matches its route's shared schema, typed by it", async () => {
    fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('t') }), 'GET /api/me/account': json(account) })
    const read = await getJson('/api/me/account', 'AccountInfo')
    expect(read).toEqual(account)
    expect(read.signInMethods).toEqual(['password'])
  })

  it('fails, in tests, an answer missing a field of the schema (a server and client that drifted)', async () => {
    const { createdAt: _dropped, ...withoutDate } = account
    fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('t') }), 'GET /api/me/account': json(withoutDate) })
    const error = await getJson('/api/me/account', 'AccountInfo').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseDriftError)
    expect((error as Error).message).toMatch(/does not match its schema AccountInfo: createdAt: /)
  })

  it('fails, in tests, an answer with a field of the wrong type', async () => {
    fakeFetch({ 'GET /api/shelf/bottles': json({ items: 'none' }) })
    const error = await readAs(await send('/api/shelf/bottles'), 'BottleList').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseDriftError)
    expect((error as Error).message).toMatch(/BottleList: items: /)
  })

  it("sends with the session cookie and accepts JSON, whatever the caller's headers", async () => {
    const api = fakeFetch({ 'POST /api/redeem': json({ ok: true }) })
    const res = await send('/api/redeem', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(200)
    const [, init] = api.fetchMock.mock.calls[0]!
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' })
    expect(api.callsTo('POST /api/redeem')[0]!.headers.get('accept')).toBe('application/json')
  })
})
