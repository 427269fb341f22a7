import { Suspense } from 'react'
import type { Bottle } from '#shared/api/shelf.ts'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'

// The form and its form library load on their own, after the page: the shelf shows without them.
const BottleForm = preloadedChunk(() => import('#client/features/shelf/components/bottle-form.tsx').then((m) => m.BottleForm))

/**
 * Add a bottle (no `bottle`) or edit one: the oil (fixed once added), size in mL or g, the amount
 * left, the price, supplier, lot code and purchase date. A refused save keeps everything typed and
 * marks the fields the server named; a second press while saving does nothing.
 */
export function BottleDialog({
  open,
  onOpenChange,
  bottle,
  currency,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  bottle: Bottle | null
  currency: string | null
}) {
  const t = useMessages()
  const shownName = useOilName()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open ? (
          <Suspense
            fallback={
              <>
                <DialogTitle>
                  {bottle ? t('shelf.form.editTitle', { oil: shownName(bottle.oilName) }) : t('shelf.page.addBottle')}
                </DialogTitle>
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner label={t('shelf.loadingLabel')} />
                  {t('shelf.loading')}
                </p>
              </>
            }
          >
            <BottleForm bottle={bottle} currency={currency} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
