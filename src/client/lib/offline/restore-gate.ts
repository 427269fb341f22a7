/**
 * Offline, a screen's read waits for the data saved on the device to be back in the cache before
 * it is answered "not on this device" (decision 039): the saved copy is read from IndexedDB in a
 * few milliseconds, but a screen can ask first. Small and free of IndexedDB: the API helper
 * imports it.
 */

/** The longest a read waits for the saved data, so a miss is said within a second. */
export const RESTORE_WAIT_MS = 600

let restoring: Promise<unknown> | null = null
/** A page opened offline: its first reads wait for the sync, which starts a moment after them. */
let startup: ((restored: Promise<unknown>) => void) | null = null
if (typeof navigator !== 'undefined' && navigator.onLine === false) {
  const first: Promise<unknown> = new Promise<unknown>((resolve) => {
    startup = resolve
  }).finally(() => {
    if (restoring === first) restoring = null
  })
  restoring = first
}

/** The sync (sync.ts) says it is putting the saved data back into the cache. */
export function markRestoring(restore: Promise<unknown>): void {
  const settled = restore.catch(() => undefined)
  if (startup) {
    startup(settled)
    startup = null
  }
  const current: Promise<unknown> = settled.finally(() => {
    if (restoring === current) restoring = null
  })
  restoring = current
}

/** Resolves once the saved data is back (or at once when nothing is being restored), at most after `maxMs`. */
export function whenRestored(maxMs = RESTORE_WAIT_MS): Promise<void> {
  const pending = restoring
  if (!pending) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs)
    void pending.then(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
