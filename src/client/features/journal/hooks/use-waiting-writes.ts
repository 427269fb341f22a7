import { useMemo, useSyncExternalStore } from 'react'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import { outboxState } from '#client/lib/offline/outbox-state.ts'
import { withWaitingWrites } from '#client/features/journal/lib/waiting-writes.ts'

const pendingWrites = () => outboxState.getState().pending

/** The blend as the screen shows it: with the writes still waiting on this device (decision 039). */
export function useWithWaitingWrites(blend: BlendDetail | undefined): BlendDetail | undefined {
  const pending = useSyncExternalStore(outboxState.subscribe, pendingWrites, pendingWrites)
  return useMemo(() => (blend ? withWaitingWrites(blend, pending) : blend), [blend, pending])
}
