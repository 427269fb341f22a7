import { deviceDb, type QueuedWrite, type RefusedBy } from '#client/lib/offline/device-db.ts'
import { OUTBOX_CHANGED_EVENT, type NewQueuedWrite } from '#client/lib/offline/outbox-state.ts'

/**
 * The queue of writes made offline (decision 029). Writes are kept per user in IndexedDB and sent
 * in the order they were made. It runs in the device worker (outbox-runner.ts, decision 065); the
 * page uses it itself only where there is no worker. The conflict rule:
 * - no answer (offline, dropped), a 401 (the session needs refreshing), a 408/429 or a 5xx: the
 *   sync stops and the write stays first in line for the next try;
 * - accepted (2xx, or an idempotent replay of an earlier attempt): the write leaves the queue;
 * - refused (any other 4xx: the blend was deleted on another device, the input is no longer
 *   valid): the write is set aside, with the server's reason and what was typed, for the user to
 *   see and discard; the writes after it still go.
 * Updates are last-write-wins: a rating or note made offline replaces the server's value when sent.
 */

export type NewWrite = NewQueuedWrite

/** An error from sending a write: `status` 0 when no answer came back. */
export type SendFailure = { status: number; code: string; message: string }

export type FlushResult = { sent: number; refused: number; stopped: boolean }

/** Told of every change of the queue: the page's window event, or in the device worker its report to the page (outbox-runner.ts). */
let changed: () => void = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT))
}

export function setOutboxListener(listener: () => void): void {
  changed = listener
}

export async function enqueue(write: NewWrite, now = new Date()): Promise<number> {
  const db = await deviceDb()
  const id = await db.add('outbox', { ...write, queuedAt: now.toISOString(), refused: null })
  changed()
  return id
}

/** The user's queued writes, oldest first (refused ones included). */
export async function listWrites(userId: string): Promise<QueuedWrite[]> {
  const db = await deviceDb()
  const writes = await db.getAllFromIndex('outbox', 'userId', userId)
  return writes.sort((a, b) => a.id! - b.id!)
}

export async function discardWrite(id: number): Promise<void> {
  await (await deviceDb()).delete('outbox', id)
  changed()
}

/** Puts a refused write back in line (the user fixed what stood in its way). */
export async function retryWrite(id: number): Promise<void> {
  const db = await deviceDb()
  const write = await db.get('outbox', id)
  if (write) await db.put('outbox', { ...write, refused: null })
  changed()
}

/** Whether the server may accept this write later: then it waits; otherwise it is refused. */
export function isTransient(failure: SendFailure): boolean {
  return failure.status === 0 || failure.status === 401 || failure.status === 408 || failure.status === 429 || failure.status >= 500
}

/**
 * Sends the user's waiting writes in order through `send` (which throws a SendFailure-like error
 * when the write is not accepted), by the rule above.
 */
export async function flushOutbox(userId: string, send: (write: QueuedWrite) => Promise<void>): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: 0, stopped: false }
  for (const write of await listWrites(userId)) {
    if (write.refused) continue
    try {
      await send(write)
    } catch (err) {
      const failure = toFailure(err)
      if (isTransient(failure)) {
        result.stopped = true
        break
      }
      const refused: RefusedBy = { status: failure.status, code: failure.code, message: failure.message }
      await (await deviceDb()).put('outbox', { ...write, refused })
      result.refused += 1
      changed()
      continue
    }
    await (await deviceDb()).delete('outbox', write.id!)
    result.sent += 1
    changed()
  }
  return result
}

function toFailure(err: unknown): SendFailure {
  const e = err as Partial<SendFailure> | null
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    code: typeof e?.code === 'string' ? e.code : 'NETWORK_ERROR',
    message: typeof e?.message === 'string' ? e.message : 'Could not reach Accord.',
  }
}
