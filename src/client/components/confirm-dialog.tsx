import type { LucideIcon } from 'lucide-react'
import { useState, type ReactElement, type ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import '#client/lib/ui-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

export type ConfirmDialogProps = {
  /** The button that opens the dialog (rendered as the trigger, so it keeps its own label and style). */
  trigger: ReactElement
  title: string
  description: string
  /** The action button's label, its label while the action runs, and its icon. */
  confirmLabel: string
  pendingLabel: string
  icon?: LucideIcon
  /** The button that closes the dialog without acting. */
  cancelLabel?: string
  /**
   * The action, run once per press (a second press while it runs is ignored). The dialog closes
   * when it settles, unless it resolves to `'stay'` (a failure the maker may retry from here).
   * It reports its own outcome (a toast); it should not throw.
   */
  onConfirm: () => Promise<'stay' | void>
  /** More the maker should read before acting, under the description (its own loading and error states included). */
  children?: ReactNode
  /** Told when the dialog opens or closes (a dialog that asks something first asks on open). */
  onOpenChange?: (open: boolean) => void
  /** The action cannot be taken yet (what it would do is still being asked). */
  confirmDisabled?: boolean
}

/**
 * A destructive action behind a confirmation: the trigger opens a modal dialog with a title, a
 * sentence saying what will happen, "Cancel" and the action. While the action runs, both buttons
 * are disabled and the dialog cannot be dismissed, so one intent makes one request.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  icon: Icon,
  cancelLabel,
  onConfirm,
  children,
  onOpenChange,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const t = useMessages()
  const [open, setOpenState] = useState(false)
  const [pending, setPending] = useState(false)
  const setOpen = (next: boolean) => {
    setOpenState(next)
    onOpenChange?.(next)
  }
  const singleFlight = useSingleFlight()

  function confirm() {
    void singleFlight(async () => {
      setPending(true)
      try {
        if ((await onConfirm()) !== 'stay') setOpen(false)
      } finally {
        setPending(false)
      }
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel ?? t('ui.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={pending || confirmDisabled}>
            {Icon ? <Icon aria-hidden="true" /> : null}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
