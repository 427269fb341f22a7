import type { Bottle } from '#shared/api/shelf.ts'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { BottleSheetDialog } from '#client/features/shelf/components/bottle-sheet.tsx'
import { useMessages } from '#client/lib/i18n.ts'

// The form, its form library, the annex's entries and the paste reader load on their own, after the page.
const DeclarationPanel = preloadedChunk(() =>
  import('#client/features/shelf/components/declaration-form.tsx').then((m) => m.DeclarationPanel),
)

/**
 * A bottle's allergen declaration (docs/product.md "Allergen labels"): the basis, a row per Annex
 * III entry with its percentage, a supplier sheet to paste, Save, and Remove declaration.
 */
export function DeclarationDialog({ bottle, onOpenChange }: { bottle: Bottle | null; onOpenChange: (open: boolean) => void }) {
  const t = useMessages()
  return (
    <BottleSheetDialog
      bottle={bottle}
      title={(b) => t('shelf.declaration.title', { oil: b.oilName })}
      Panel={DeclarationPanel}
      onOpenChange={onOpenChange}
    />
  )
}
