import { lazy, Suspense, useState } from 'react'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { codeDialogTitle, type CodeTarget } from '#client/lib/qr/code-target.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

export type { CodeTarget } from '#client/lib/qr/code-target.ts'

// The code's generator loads with the panel, when a code is first shown (decision 082).
const QrCodePanel = lazy(() => import('#client/components/qr/qr-code-panel.tsx'))

/**
 * A bottle's or a batch's QR code (docs/product.md "QR codes at the bench"): the code on screen,
 * what it opens, and "Print QR code".
 */
export function QrCodeDialog({ target, onOpenChange }: { target: CodeTarget | null; onOpenChange: (open: boolean) => void }) {
  const t = useMessages()
  // The code stays on screen while the dialog closes, rather than an empty box.
  const [last, setLast] = useState(target)
  if (target !== null && target !== last) setLast(target)
  const shown = target ?? last
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        {shown ? (
          <Suspense
            fallback={
              <>
                <DialogTitle>{codeDialogTitle(t, shown)}</DialogTitle>
                <Spinner label={t('common.qr.loading')} />
              </>
            }
          >
            <QrCodePanel target={shown} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
