import { ApiError, apiRequest, newIdempotencyKey } from '#client/lib/api-client.ts'
import { outboxPort, outboxState, requestFlush, type OfflineWrite, type Queued } from '#client/lib/offline/outbox-state.ts'
import { currentUser } from '#client/lib/session.ts'

/**
 * Sends a write the journal lets the user make offline (a test entry, a rating, notes), or keeps
 * it on the device: when offline, when no answer comes back, or when earlier writes are still
 * waiting (so writes reach the server in the order they were made). A refusal from the server
 * while online is thrown as usual, for the screen to show.
 */
export async function sendOrQueue(write: OfflineWrite): Promise<Response | Queued> {
  const idempotencyKey = write.idempotencyKey ?? newIdempotencyKey()
  const { online, waiting } = outboxState.getState()
  if (online && waiting === 0 && navigator.onLine) {
    try {
      return await apiRequest(write.method, write.path, write.body, { idempotencyKey })
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) throw err
    }
  }
  const user = currentUser()
  if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'User not authenticated. Please sign in.')
  const queuedAt = new Date()
  // Kept by the device worker (decision 065), or where there is none by outbox.ts on this page; resolved once it is in IndexedDB.
  const queue = outboxPort() ?? (await import('#client/lib/offline/outbox.ts'))
  await queue.enqueue(
    { userId: user.id, method: write.method, path: write.path, body: write.body, idempotencyKey, label: write.label, text: write.text },
    queuedAt,
  )
  // The screens show it at once, marked "Waiting to sync" (decision 039).
  const pending = { idempotencyKey, method: write.method, path: write.path, body: write.body, queuedAt: queuedAt.toISOString() }
  outboxState.setState((s) => ({
    waiting: s.waiting + 1,
    allSaved: false,
    pending: s.pending.some((p) => p.idempotencyKey === idempotencyKey) ? s.pending : [...s.pending, pending],
  }))
  requestFlush()
  return { queued: true }
}
