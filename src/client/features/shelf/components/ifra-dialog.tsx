import { Suspense } from 'react'
import type { Bottle } from '#shared/api/shelf.ts'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'

// The form and the certificate's paste reader load on their own, after the page.
const IfraPanel = preloadedChunk(() => import('#client/features/shelf/components/ifra-form.tsx').then((m) => m.IfraCertificatePanel))

/**
 * A bottle's IFRA certificate (docs/product.md "IFRA certificates"): the amendment, its date, a
 * row per IFRA category, a certificate to paste, Save, and Remove certificate.
 */
export function IfraDialog({ bottle, onOpenChange }: { bottle: Bottle | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={bottle !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {bottle ? (
          <Suspense
            fallback={
              <>
                <DialogTitle>{`IFRA certificate of ${bottle.oilName}`}</DialogTitle>
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner label="Loading" />
                  Loading...
                </p>
              </>
            }
          >
            <IfraPanel bottle={bottle} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
