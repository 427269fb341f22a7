import { lazy, Suspense } from 'react'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { SCAN_TITLE } from '#client/lib/qr/code-target.ts'

// The camera and the code reader load when the scanner is first opened (decision 082).
const ScanPanel = lazy(() => import('#client/components/qr/scan-panel.tsx'))

/**
 * "Scan a code" (docs/product.md "QR codes at the bench"): the camera looks for a bottle's or a
 * batch's QR code and opens its page. Closing the dialog stops the camera.
 */
export function ScanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {/* Mounted while the dialog is open or closing: the camera stops as it goes (the panel's cleanup). */}
        <Suspense
          fallback={
            <>
              <DialogTitle>{SCAN_TITLE}</DialogTitle>
              <Spinner label="Loading the scanner" />
            </>
          }
        >
          <ScanPanel onDone={() => onOpenChange(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  )
}
