import { CircleAlert, CloudOff, CloudUpload, Check } from 'lucide-react'
import { useState, useSyncExternalStore } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { outboxState, type OutboxState } from '#client/lib/offline/outbox-state.ts'
import { RefusedChangesDialog } from '#client/app/refused-changes-dialog.tsx'

/** docs/product.md "Offline at the bench": the indicator's words. */
export const OFFLINE_MESSAGE = 'Offline, showing what was saved on this device'
export const ALL_SAVED_MESSAGE = 'All changes saved'
export const waitingMessage = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting`
export const refusedMessage = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} could not be saved`

/** What the quiet line under the header says now, or null when there is nothing to say. */
export function indicatorText(state: OutboxState): string | null {
  if (!state.online) return state.waiting > 0 ? `${OFFLINE_MESSAGE} · ${waitingMessage(state.waiting)}` : OFFLINE_MESSAGE
  if (state.waiting > 0) return waitingMessage(state.waiting)
  if (state.allSaved) return ALL_SAVED_MESSAGE
  return null
}

const useOutboxState = () => useSyncExternalStore(outboxState.subscribe, outboxState.getState, outboxState.getState)

/**
 * A quiet line under the header while the device is offline or changes wait to be sent, "All
 * changes saved" once they are, and a visible note with a Review button when the server refused
 * some (decision 029): what was typed is kept there until the user discards it.
 */
export function OfflineIndicator({ userId }: { userId: string }) {
  const state = useOutboxState()
  const [reviewing, setReviewing] = useState(false)
  const text = indicatorText(state)
  const Icon = !state.online ? CloudOff : state.waiting > 0 ? CloudUpload : Check

  return (
    <>
      <div role="status" aria-live="polite">
        {text ? (
          <div className="border-b border-border bg-muted/60 text-muted-foreground">
            <p className="page-container flex items-center gap-2 py-1.5 text-sm">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {text}
            </p>
          </div>
        ) : null}
      </div>
      {state.refused > 0 ? (
        <div className="border-b border-amber-300 bg-amber-50 text-amber-950">
          <div className="page-container flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm">
            <p className="flex items-center gap-2">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
              {refusedMessage(state.refused)}
            </p>
            <Button size="sm" variant="outline" onClick={() => setReviewing(true)}>
              Review
            </Button>
          </div>
        </div>
      ) : null}
      <RefusedChangesDialog userId={userId} open={reviewing} onOpenChange={setReviewing} />
    </>
  )
}
