import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDeviceDb } from '#client/lib/offline/device-db.ts'
import type { FromDevice } from '#client/lib/offline/device-protocol.ts'
import { listWrites, type NewWrite } from '#client/lib/offline/outbox.ts'
import { outboxRunner, type OutboxRunner } from '#client/lib/offline/outbox-runner.ts'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'

/** The device worker's side of the queue (decision 065): the messages in, the messages out, and what reached the server. */

const write = (n: number, extra: Partial<NewWrite> = {}): NewWrite => ({
  userId: 'u1',
  method: 'POST',
  path: '/api/journal-entries',
  body: { versionId: 1, notes: `note ${n}` },
  idempotencyKey: `key-${n}`,
  label: `Test entry ${n}`,
  text: `note ${n}`,
  ...extra,
})

describe('the queue in the device worker', () => {
  let posted: FromDevice[]
  let tokens: boolean[]
  let runner: OutboxRunner
  const askToken = vi.fn(async (forceRefresh: boolean) => {
    tokens.push(forceRefresh)
    return forceRefresh ? 'fresh' : 'old'
  })

  beforeEach(() => {
    posted = []
    tokens = []
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    runner = outboxRunner('u1', (m) => void posted.push(m), askToken, 50)
  })
  afterEach(async () => {
    runner.stop()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    await clearDeviceDb()
  })

  const answers = () => posted.filter((m) => m.type === 'outbox-answer')
  const synced = async () => {
    await vi.waitFor(() => expect(posted.some((m) => m.type === 'synced')).toBe(true))
    return posted.find((m) => m.type === 'synced')
  }
  const enqueue = async (id: number, w: NewWrite) => runner.call(id, { call: 'enqueue', write: w, queuedAt: '2026-11-27T10:00:00.000Z' })

  it('keeps a queued write in IndexedDB, answers its id, and reports the queue with it', async () => {
    await enqueue(7, write(1))
    const [answer] = answers()
    expect(answer).toMatchObject({ type: 'outbox-answer', id: 7 })
    expect(typeof (answer as { value: unknown }).value).toBe('number')
    const stored = await listWrites('u1')
    expect(stored).toMatchObject([{ idempotencyKey: 'key-1', queuedAt: '2026-11-27T10:00:00.000Z', refused: null }])
    await vi.waitFor(() =>
      expect(posted.filter((m) => m.type === 'outbox-changed').at(-1)).toEqual({ type: 'outbox-changed', writes: stored }),
    )
  })

  it("refuses to keep another user's write, and lists none of another user's", async () => {
    await enqueue(1, write(1, { userId: 'u2' }))
    expect(answers()[0]).toMatchObject({ id: 1, value: null, error: expect.any(String) as string })
    await runner.call(2, { call: 'list', userId: 'u2' })
    expect(answers()[1]).toEqual({ type: 'outbox-answer', id: 2, value: [] })
    expect(await listWrites('u2')).toEqual([])
  })

  it('sends in order, each with its idempotency key and the lent token, reporting each write sent, then the result', async () => {
    for (const n of [1, 2]) await enqueue(n, write(n))
    const api = fakeFetch({ 'POST /api/journal-entries': json({ id: 9 }, 201) })
    posted.length = 0
    runner.sync()
    expect(await synced()).toEqual({ type: 'synced', result: { sent: 2, refused: 0, stopped: false } })
    const sent = api.callsTo('POST /api/journal-entries')
    expect(sent.map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-2'])
    expect(sent.map((c) => c.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer old'])
    expect(sent[0]!.body).toEqual({ versionId: 1, notes: 'note 1' })
    // Each accepted write is told before the queue without it; the last report is an empty queue, before the result.
    const kinds = posted.map((m) => (m.type === 'write-sent' ? `sent ${m.write.idempotencyKey}` : m.type))
    expect(kinds.filter((k) => k.startsWith('sent'))).toEqual(['sent key-1', 'sent key-2'])
    const withoutFirst = posted.findIndex((m) => m.type === 'outbox-changed' && !m.writes.some((w) => w.idempotencyKey === 'key-1'))
    expect(kinds.indexOf('sent key-1')).toBeGreaterThanOrEqual(0)
    expect(kinds.indexOf('sent key-1')).toBeLessThan(withoutFirst)
    expect(posted.at(-2)).toEqual({ type: 'outbox-changed', writes: [] })
    expect(await listWrites('u1')).toEqual([])
  })

  it('after a 401 asks the page for a fresh token and sends once more with the same key; a lasting 401 waits', async () => {
    await enqueue(1, write(1))
    const api = fakeFetch({
      'POST /api/journal-entries': (call) =>
        call.headers.get('authorization') === 'Bearer fresh'
          ? json({ id: 9 }, 201)
          : json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401),
    })
    runner.sync()
    expect(await synced()).toMatchObject({ result: { sent: 1, stopped: false } })
    expect(tokens).toEqual([false, true])
    expect(api.callsTo('POST /api/journal-entries').map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1'])

    await enqueue(2, write(2))
    fakeFetch({ 'POST /api/journal-entries': json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401) })
    posted.length = 0
    runner.sync()
    expect(await synced()).toMatchObject({ result: { sent: 0, refused: 0, stopped: true } })
    expect(await listWrites('u1')).toMatchObject([{ idempotencyKey: 'key-2', refused: null }])
  })

  it('sets a refused write (409, 404) aside with the reason and what was typed, and sends the next', async () => {
    await enqueue(1, write(1))
    await enqueue(2, write(2, { path: '/api/journal-entries/5', method: 'PATCH' }))
    await enqueue(3, write(3))
    fakeFetch({
      'POST /api/journal-entries': (call) =>
        call.headers.get('idempotency-key') === 'key-1'
          ? json({ error: { code: 'CONFLICT', message: 'That version changed' } }, 409)
          : json({ id: 9 }, 201),
      'PATCH /api/journal-entries/5': json({ error: { code: 'NOT_FOUND', message: 'Entry 5 was not found' } }, 404),
    })
    runner.sync()
    expect(await synced()).toMatchObject({ result: { sent: 1, refused: 2, stopped: false } })
    const kept = await listWrites('u1')
    expect(kept.map((w) => [w.idempotencyKey, w.refused?.status, w.refused?.message, w.text])).toEqual([
      ['key-1', 409, 'That version changed', 'note 1'],
      ['key-2', 404, 'Entry 5 was not found', 'note 2'],
    ])
    // Put back in line, it goes with the next sync; discarded, it is gone. Only by the page's call.
    await runner.call(10, { call: 'retry', writeId: kept[0]!.id! })
    await runner.call(11, { call: 'discard', writeId: kept[1]!.id! })
    expect(answers().slice(-2)).toEqual([
      { type: 'outbox-answer', id: 10, value: null },
      { type: 'outbox-answer', id: 11, value: null },
    ])
    fakeFetch({ 'POST /api/journal-entries': json({ id: 10 }, 201) })
    posted.length = 0
    runner.sync()
    expect(await synced()).toMatchObject({ result: { sent: 1, refused: 0 } })
    expect(await listWrites('u1')).toEqual([])
  })

  it("touches no write of another user's by its id", async () => {
    const other = outboxRunner('u2', () => {}, askToken)
    await other.call(1, { call: 'enqueue', write: write(1, { userId: 'u2' }), queuedAt: '2026-11-27T10:00:00.000Z' })
    other.stop()
    const [theirs] = await listWrites('u2')
    await runner.call(2, { call: 'discard', writeId: theirs!.id! })
    expect(answers().at(-1)).toMatchObject({ id: 2, error: expect.any(String) as string })
    expect(await listWrites('u2')).toHaveLength(1)
  })

  it('stops at a write that got no answer, keeps the order, and tries again by itself while online', async () => {
    for (const n of [1, 2]) await enqueue(n, write(n))
    let up = false
    const api = fakeFetch({
      'POST /api/journal-entries': () => (up ? Promise.resolve(json({ id: 9 }, 201)) : Promise.reject(new TypeError('Failed to fetch'))),
    })
    runner.sync()
    expect(await synced()).toMatchObject({ result: { sent: 0, stopped: true } })
    up = true
    posted.length = 0
    // The retry (50 ms here, RETRY_MS in use) sends both, in order, with their keys.
    expect(await synced()).toMatchObject({ result: { sent: 2, stopped: false } })
    expect(api.callsTo('POST /api/journal-entries').map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-2'])
  })

  it('a sync asked for while one runs runs after it, not beside it', async () => {
    await enqueue(1, write(1))
    let release!: () => void
    const api = fakeFetch({
      'POST /api/journal-entries': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ id: 9 }, 201))
        }),
    })
    runner.sync()
    await vi.waitFor(() => expect(api.calls).toHaveLength(1))
    await enqueue(2, write(2))
    runner.sync()
    release()
    await vi.waitFor(() => expect(api.calls).toHaveLength(2))
    release()
    await vi.waitFor(() => expect(posted.filter((m) => m.type === 'synced')).toHaveLength(2))
    expect(api.calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['key-1', 'key-2'])
  })
})
