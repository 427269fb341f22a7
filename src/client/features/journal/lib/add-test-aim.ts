import { useSyncExternalStore } from 'react'

/**
 * "Add test entry" pressed on a batch of the blend already on screen (decision 052): the address
 * changes to the version's add-test form (addTestPath) without the page opening again, so this tells
 * that version's form to read the address afresh. It lives in the lazy chunks (the batches, the
 * form's fields), not in the journal's own.
 */
export type AddTestAim = { versionId: number; count: number }

let aim: AddTestAim | null = null
const listeners = new Set<() => void>()

/** Aims the version's add-test form at the address just navigated to. */
export function aimAddTest(versionId: number): void {
  aim = { versionId, count: (aim?.count ?? 0) + 1 }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** How many times this version's form was aimed at: a new number makes it read the address again. */
export function useAimsAt(versionId: number | null): number {
  const latest = useSyncExternalStore(
    subscribe,
    () => aim,
    () => null,
  )
  return latest !== null && latest.versionId === versionId ? latest.count : 0
}
