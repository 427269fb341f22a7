import { lazy, Suspense } from 'react'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { scanTitle, type PickMode } from '#client/lib/qr/code-target.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

// The camera and the code reader load when the scanner is first opened (decision 082).
const ScanPanel = lazy(() => import('#client/components/qr/scan-panel.tsx'))

/**
 * "Scan a code" (docs/product.md "QR codes at the bench"): the camera looks for a bottle's or a
 * batch's QR code and opens its page, or, given `pick`, hands each code to it (picking the bottle a
 * draw comes from in Mark as made, decision 085). Closing the dialog stops the camera; focus goes
 * back to what opened it.
 */
export function ScanDialog({
  open,
  onOpenChange,
  pick,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  pick?: PickMode
  /** The button that opened it, when it is not a DialogTrigger: focus goes back there on closing. */
  returnFocusTo?: () => HTMLElement | null | undefined
}) {
  const t = useMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onCloseAutoFocus={
          returnFocusTo
            ? (event) => {
                event.preventDefault()
                returnFocusTo()?.focus()
              }
            : undefined
        }
      >
        {/* Mounted while the dialog is open or closing: the camera stops as it goes (the panel's cleanup). */}
        <Suspense
          fallback={
            <>
              <DialogTitle>{pick ? pick.title : scanTitle(t)}</DialogTitle>
              <Spinner label={t('common.qr.loadingScanner')} />
            </>
          }
        >
          <ScanPanel onDone={() => onOpenChange(false)} pick={pick} />
        </Suspense>
      </DialogContent>
    </Dialog>
  )
}
