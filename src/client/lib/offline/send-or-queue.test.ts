import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#client/lib/api-client.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { clearDeviceDb } from '#client/lib/offline/device-db.ts'
import { listWrites } from '#client/lib/offline/outbox.ts'
import { outboxState, setFlushRequest } from '#client/lib/offline/outbox-state.ts'
import { isQueued } from '#client/lib/offline/queued.ts'
import { sendOrQueue } from '#client/lib/offline/send-or-queue.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }
const entry = {
  method: 'POST' as const,
  path: '/api/journal-entries',
  body: { versionId: 3, notes: 'Soft' },
  label: 'Test entry',
  text: 'Soft',
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  outboxState.setState({ online, waiting: 0, refused: 0, pending: [] })
}

describe('sendOrQueue (decision 029)', () => {
  const flushes = vi.fn()
  beforeEach(() => {
    resetAuthClient()
    setSignedIn(user)
    setFlushRequest(flushes)
    flushes.mockClear()
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    setSignedOut()
    localStorage.clear()
    setFlushRequest(() => {})
    await clearDeviceDb()
  })

  it('sends at once when online, with an idempotency key', async () => {
    setOnline(true)
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('t') }), 'POST /api/journal-entries': json({ id: 9 }, 201) })
    const res = await sendOrQueue(entry)
    expect(isQueued(res)).toBe(false)
    expect(api.callsTo('POST /api/journal-entries')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await listWrites('u1')).toEqual([])
  })

  it('keeps the write on the device when offline, without a request, and asks for a sync', async () => {
    setOnline(false)
    const api = fakeFetch({})
    expect(isQueued(await sendOrQueue(entry))).toBe(true)
    expect(api.calls).toEqual([])
    const [queued] = await listWrites('u1')
    expect(queued).toMatchObject({
      method: 'POST',
      path: '/api/journal-entries',
      body: entry.body,
      text: 'Soft',
      label: 'Test entry',
      refused: null,
    })
    expect(outboxState.getState().waiting).toBe(1)
    // At once on screen, before any sync (decision 039): the screens read it from here.
    expect(outboxState.getState().pending).toEqual([
      {
        idempotencyKey: queued!.idempotencyKey,
        method: 'POST',
        path: '/api/journal-entries',
        body: entry.body,
        queuedAt: queued!.queuedAt,
      },
    ])
    expect(flushes).toHaveBeenCalled()
  })

  it('queues with the same idempotency key when the request got no answer', async () => {
    setOnline(true)
    const api = fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('t') }),
      'POST /api/journal-entries': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    expect(isQueued(await sendOrQueue(entry))).toBe(true)
    const sentKey = api.callsTo('POST /api/journal-entries')[0]!.headers.get('idempotency-key')
    expect((await listWrites('u1'))[0]!.idempotencyKey).toBe(sentKey)
  })

  it('queues behind earlier writes still waiting, so the server gets them in order', async () => {
    setOnline(true)
    outboxState.setState({ waiting: 1 })
    const api = fakeFetch({})
    expect(isQueued(await sendOrQueue({ ...entry, method: 'PATCH', path: '/api/journal-entries/4', body: { rating: 5 } }))).toBe(true)
    expect(api.calls).toEqual([])
  })

  it('shows a refusal while online at once, queueing nothing', async () => {
    setOnline(true)
    fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('t') }),
      'POST /api/journal-entries': json({ error: { code: 'NOT_FOUND', message: 'Version 3 was not found' } }, 404),
    })
    await expect(sendOrQueue(entry)).rejects.toEqual(expect.objectContaining({ status: 404 }) as ApiError)
    expect(await listWrites('u1')).toEqual([])
  })
})
