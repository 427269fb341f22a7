import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * Heavy work (an import of 100,000 rows, an export of 100,000 blends) shares the process with
 * everyone else's requests: it runs in slices that give the event loop back (decision 041, "One
 * account cannot stall the server"). Used by repositories and the import's parsers alike, so it
 * lives below them; http/heavy-work.ts keeps the HTTP half (how many run at once).
 */

/** A slice of heavy work runs at most this long before the event loop serves other requests. */
export const SLICE_MS = 8

/**
 * A clock for work done in slices: `await pause()` inside a loop gives the event loop a turn
 * (setImmediate, so waiting I/O and timers run) once the current slice has run SLICE_MS, and
 * costs a comparison otherwise.
 */
export function slices(ms = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now()
  return () => {
    if (performance.now() - since < ms) return undefined
    return nextTurn().then(() => {
      since = performance.now()
    })
  }
}
