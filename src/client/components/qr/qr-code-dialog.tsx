import { lazy, Suspense } from 'react'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { codeDialogTitle, type CodeTarget } from '#client/lib/qr/code-target.ts'

export type { CodeTarget } from '#client/lib/qr/code-target.ts'

// The code's generator loads with the panel, when a code is first shown (decision 082).
const QrCodePanel = lazy(() => import('#client/components/qr/qr-code-panel.tsx'))

/**
 * A bottle's or a batch's QR code (docs/product.md "QR codes at the bench"): the code on screen,
 * what it opens, and "Print QR code".
 */
export function QrCodeDialog({ target, onOpenChange }: { target: CodeTarget | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        {target ? (
          <Suspense
            fallback={
              <>
                <DialogTitle>{codeDialogTitle(target)}</DialogTitle>
                <Spinner label="Loading the QR code" />
              </>
            }
          >
            <QrCodePanel target={target} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
