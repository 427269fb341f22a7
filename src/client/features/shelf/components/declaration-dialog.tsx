import { Suspense } from 'react'
import type { Bottle } from '#shared/api/shelf.ts'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'

// The form, its form library, the annex's entries and the paste reader load on their own, after the page.
const DeclarationPanel = preloadedChunk(() =>
  import('#client/features/shelf/components/declaration-form.tsx').then((m) => m.DeclarationPanel),
)

/**
 * A bottle's allergen declaration (docs/product.md "Allergen labels"): the basis, a row per Annex
 * III entry with its percentage, a supplier sheet to paste, Save, and Remove declaration.
 */
export function DeclarationDialog({ bottle, onOpenChange }: { bottle: Bottle | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={bottle !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {bottle ? (
          <Suspense
            fallback={
              <>
                <DialogTitle>{`Allergens in ${bottle.oilName}`}</DialogTitle>
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner label="Loading" />
                  Loading...
                </p>
              </>
            }
          >
            <DeclarationPanel bottle={bottle} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
