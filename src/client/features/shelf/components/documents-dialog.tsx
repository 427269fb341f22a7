import type { Bottle } from '#shared/api/shelf.ts'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { BottleSheetDialog } from '#client/features/shelf/components/bottle-sheet.tsx'
import { useMessages } from '#client/lib/i18n.ts'

// The list and the upload form load on their own, after the page.
const DocumentsPanel = preloadedChunk(() => import('#client/features/shelf/components/documents-panel.tsx').then((m) => m.DocumentsPanel))

/** A bottle's documents (docs/product.md "A lot's documents"): its supplier's papers, uploaded, downloaded and deleted. */
export function DocumentsDialog({ bottle, onOpenChange }: { bottle: Bottle | null; onOpenChange: (open: boolean) => void }) {
  const t = useMessages()
  return (
    <BottleSheetDialog
      bottle={bottle}
      title={(b) => t('shelf.documents.title', { oil: b.oilName })}
      Panel={DocumentsPanel}
      onOpenChange={onOpenChange}
    />
  )
}
