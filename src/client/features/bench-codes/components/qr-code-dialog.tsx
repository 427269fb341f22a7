import { lazy, Suspense } from 'react'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'

/** What a QR code names: a bottle or a batch, with the words printed under its code. */
export interface CodeTarget {
  kind: 'bottle' | 'batch'
  id: number
  /** The oil, or the blend: the code's title. */
  title: string
  /** The lot and supplier, or the batch code and day; the number is added by the panel. */
  lines: string[]
}

// The code's generator loads with the panel, when a code is first shown (decision 082).
const QrCodePanel = lazy(() => import('#client/features/bench-codes/components/qr-code-panel.tsx'))

export const codeDialogTitle = (target: CodeTarget) => `QR code of ${target.title}`

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
