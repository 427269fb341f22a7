import type { OfflineWrite, Queued } from '#client/lib/offline/outbox-state.ts'

export type { Queued } from '#client/lib/offline/outbox-state.ts'

/** The toast of a write kept on the device (docs/product.md "Offline at the bench"). */
export const OFFLINE_SAVED_TITLE = 'Saved on this device'
export const OFFLINE_SAVED_DESCRIPTION = 'It will be sent to your journal when you are back online.'

export const isQueued = (value: unknown): value is Queued => (value as Queued | null)?.queued === true

/**
 * sendOrQueue (send-or-queue.ts), loaded with the first write: the journal's own chunk carries
 * only this stub (its 200 kB budget, tests/e2e/bundle-budget.spec.ts).
 */
export async function sendOrQueue(write: OfflineWrite): Promise<Response | Queued> {
  const module = await import('#client/lib/offline/send-or-queue.ts')
  return module.sendOrQueue(write)
}
