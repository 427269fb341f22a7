import { useCallback, useEffect, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import type { QueuedWrite } from '#client/lib/offline/device-db.ts'
import { OUTBOX_CHANGED_EVENT, outboxPort, requestFlush, type OutboxPort } from '#client/lib/offline/outbox-state.ts'

/** The queue: the device worker's (decision 065), or, where there is none, outbox.ts on this page. */
const outbox = async (): Promise<OutboxPort> => outboxPort() ?? (await import('#client/lib/offline/outbox.ts'))
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** The writes the server refused, with its reason and what was typed (decision 029). */
function useRefusedWrites(userId: string, open: boolean) {
  const [writes, setWrites] = useState<QueuedWrite[] | null>(null)
  const load = useCallback(() => {
    outbox()
      .then((queue) => queue.listWrites(userId))
      .then((all) => setWrites(all.filter((w) => w.refused)))
      .catch(() => setWrites([]))
  }, [userId])
  useEffect(() => {
    if (!open) return
    load()
    window.addEventListener(OUTBOX_CHANGED_EVENT, load)
    return () => window.removeEventListener(OUTBOX_CHANGED_EVENT, load)
  }, [open, load])
  return writes
}

/** Lists the refused changes: each can be copied, tried again, or discarded; none goes silently. */
export function RefusedChangesDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const writes = useRefusedWrites(userId, open)
  const t = useMessages()
  useEffect(() => {
    if (open && writes?.length === 0) onOpenChange(false)
  }, [open, writes, onOpenChange])
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('refused.title')}</DialogTitle>
          <DialogDescription>{t('refused.description')}</DialogDescription>
        </DialogHeader>
        {writes === null ? (
          <p className="text-sm text-muted-foreground">{t('refused.loading')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {writes.map((write) => (
              <RefusedChange key={write.id} write={write} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}

function RefusedChange({ write }: { write: QueuedWrite }) {
  const id = useId()
  const singleFlight = useSingleFlight()
  const t = useMessages()
  const retry = () =>
    singleFlight(async () => {
      await (await outbox()).retryWrite(write.id!)
      requestFlush()
    })
  const discard = () => singleFlight(async () => (await outbox()).discardWrite(write.id!))
  return (
    <li aria-labelledby={`${id}-label`} className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <p id={`${id}-label`} className="font-medium text-foreground">
        {write.label}
      </p>
      <p className="text-sm text-muted-foreground">{write.refused?.message}</p>
      {write.text ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-foreground">
            {t('refused.whatYouWrote')}
          </label>
          <textarea
            id={`${id}-text`}
            readOnly
            value={write.text}
            rows={3}
            className="w-full rounded-lg border border-input/60 bg-background px-3 py-2 text-sm text-foreground"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void retry()}>
          {t('refused.retry')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void discard()}>
          {t('refused.discard')}
        </Button>
      </div>
    </li>
  )
}
