import { CircleAlert, CloudOff, CloudUpload, Check } from 'lucide-react'
import { i18n } from '@lingui/core'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { outboxState, type OutboxState } from '#client/lib/offline/outbox-state.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { RefusedChangesDialog } from '#client/app/refused-changes-dialog.tsx'

/** docs/product.md "Offline at the bench": the indicator's words, in the interface's language. */
export const offlineMessage = (): string => i18n._('offline.offline')
export const allSavedMessage = (): string => i18n._('offline.allSaved')
export const waitingMessage = (count: number): string => i18n._('offline.waiting', { count })
export const refusedMessage = (count: number): string => i18n._('offline.refused', { count })

const MINUTE_MS = 60_000

/**
 * When the copy shown offline was fetched, in words: "just now", "10 minutes ago", "3 hours ago",
 * then the day and time (decision 039).
 */
export function lastUpdatedText(fetchedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / MINUTE_MS))
  if (minutes < 1) return i18n._('offline.justNow')
  if (minutes < 60) return i18n._('offline.minutesAgo', { count: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return i18n._('offline.hoursAgo', { count: hours })
  const when = new Date(fetchedAt)
  // English keeps the browser's own date format, as before; another language writes it as its readers do.
  const locale = i18n.locale === 'en' ? undefined : i18n.locale
  const day = when.toLocaleDateString(locale, { day: 'numeric', month: 'short' })
  const time = when.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
  return i18n._('offline.updatedOn', { when: `${day}, ${time}` })
}

/** What the quiet line under the header says now, or null when there is nothing to say. */
export function indicatorText(state: OutboxState, now = Date.now()): string | null {
  if (!state.online) {
    const offline = state.fetchedAt === null ? offlineMessage() : `${offlineMessage()}, ${lastUpdatedText(state.fetchedAt, now)}`
    return state.waiting > 0 ? `${offline} · ${waitingMessage(state.waiting)}` : offline
  }
  if (state.waiting > 0) return waitingMessage(state.waiting)
  if (state.allSaved) return allSavedMessage()
  return null
}

/** The time, moved on every half minute (the banner's "10 minutes ago" keeps true). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), MINUTE_MS / 2)
    return () => clearInterval(id)
  }, [])
  return now
}

const useOutboxState = () => useSyncExternalStore(outboxState.subscribe, outboxState.getState, outboxState.getState)

/**
 * A quiet line under the header while the device is offline or changes wait to be sent, "All
 * changes saved" once they are, and a visible note with a Review button when the server refused
 * some (decision 029): what was typed is kept there until the user discards it.
 */
export function OfflineIndicator({ userId }: { userId: string }) {
  const state = useOutboxState()
  const t = useMessages()
  const [reviewing, setReviewing] = useState(false)
  const now = useMinuteClock()
  const text = indicatorText(state, now)
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
              {t('offline.review')}
            </Button>
          </div>
        </div>
      ) : null}
      <RefusedChangesDialog userId={userId} open={reviewing} onOpenChange={setReviewing} />
    </>
  )
}
