import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { clearDeviceDb, deviceDb, type QueuedWrite } from '#client/lib/offline/device-db.ts'
import { discardWrite, enqueue, flushOutbox, isTransient, listWrites, retryWrite, type NewWrite } from '#client/lib/offline/outbox.ts'

const write = (userId: string, n: number, extra: Partial<NewWrite> = {}): NewWrite => ({
  userId,
  method: 'POST',
  path: '/api/journal-entries',
  body: { versionId: 1, notes: `note ${n}` },
  idempotencyKey: `key-${n}`,
  label: `Test entry ${n}`,
  text: `note ${n}`,
  ...extra,
})

const refusal = (status: number, message = 'Blend not found') => Object.assign(new Error(message), { status, code: `HTTP_${status}` })

/** A fake server: answers each write by its idempotency key, recording what was sent in order. */
function server(answers: Record<string, Error> = {}) {
  const sent: string[] = []
  return {
    sent,
    send: async (w: QueuedWrite) => {
      sent.push(w.idempotencyKey)
      const answer = answers[w.idempotencyKey]
      if (answer) throw answer
    },
  }
}

afterEach(async () => {
  await clearDeviceDb()
})

describe('the offline queue (decision 029)', () => {
  it('sends the writes in the order they were made, each with its own idempotency key, and empties', async () => {
    for (const n of [1, 2, 3]) await enqueue(write('u1', n))
    const fake = server()
    expect(await flushOutbox('u1', fake.send)).toEqual({ sent: 3, refused: 0, stopped: false })
    expect(fake.sent).toEqual(['key-1', 'key-2', 'key-3'])
    expect(await listWrites('u1')).toEqual([])
  })

  it("keeps each user's writes apart", async () => {
    await enqueue(write('u1', 1))
    await enqueue(write('u2', 2))
    const fake = server()
    await flushOutbox('u1', fake.send)
    expect(fake.sent).toEqual(['key-1'])
    expect((await listWrites('u2')).map((w) => w.label)).toEqual(['Test entry 2'])
  })

  it('stops at a write that got no answer and keeps it first in line, so a resend keeps the order', async () => {
    for (const n of [1, 2, 3]) await enqueue(write('u1', n))
    const offline = server({ 'key-2': refusal(0, 'Failed to fetch') })
    expect(await flushOutbox('u1', offline.send)).toEqual({ sent: 1, refused: 0, stopped: true })
    expect(offline.sent).toEqual(['key-1', 'key-2'])
    expect((await listWrites('u1')).map((w) => w.idempotencyKey)).toEqual(['key-2', 'key-3'])

    const back = server()
    await flushOutbox('u1', back.send)
    // The same key again: the server creates it at most once (src/server/http/idempotency.ts).
    expect(back.sent).toEqual(['key-2', 'key-3'])
  })

  it('waits, without setting aside, on a 401, a rate limit or a server error', async () => {
    for (const status of [401, 408, 429, 500, 503]) expect(isTransient({ status, code: '', message: '' })).toBe(true)
    await enqueue(write('u1', 1))
    expect(await flushOutbox('u1', server({ 'key-1': refusal(503) }).send)).toMatchObject({ stopped: true, refused: 0 })
    expect((await listWrites('u1'))[0]!.refused).toBeNull()
  })

  it('sets a refused write aside with the reason and the text kept, and sends the ones after it', async () => {
    for (const n of [1, 2]) await enqueue(write('u1', n))
    const fake = server({ 'key-1': refusal(404, 'Blend 12 was not found') })
    expect(await flushOutbox('u1', fake.send)).toEqual({ sent: 1, refused: 1, stopped: false })
    const [kept] = await listWrites('u1')
    expect(kept).toMatchObject({ text: 'note 1', label: 'Test entry 1', refused: { status: 404, message: 'Blend 12 was not found' } })
    // A later sync does not send it again by itself…
    const later = server()
    await flushOutbox('u1', later.send)
    expect(later.sent).toEqual([])
    // …until the user asks to try again; or they discard it.
    await retryWrite(kept!.id!)
    await flushOutbox('u1', later.send)
    expect(later.sent).toEqual(['key-1'])
    expect(await listWrites('u1')).toEqual([])
  })

  it('discards a write only when asked', async () => {
    const id = await enqueue(write('u1', 1))
    await discardWrite(id)
    expect(await listWrites('u1')).toEqual([])
  })

  it('sign-out deletes the database, queue and saved data alike', async () => {
    await enqueue(write('u1', 1))
    await (
      await deviceDb()
    ).put('saved', {
      userId: 'u1',
      hash: 'h',
      queryKey: ['/api/blends', 'detail', 1],
      buster: 'x',
      data: { id: 1 },
      dataUpdatedAt: 1,
      openedAt: 0,
      bytes: 8,
    })
    await clearDeviceDb()
    expect(await listWrites('u1')).toEqual([])
    expect(await (await deviceDb()).get('saved', ['u1', 'h'])).toBeUndefined()
  })
})
