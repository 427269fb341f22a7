import type { Bottle } from '#shared/api/shelf.ts'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { BottleSheetDialog } from '#client/features/shelf/components/bottle-sheet.tsx'
import { useMessages } from '#client/lib/i18n.ts'

// The form and the certificate's paste reader load on their own, after the page.
const IfraPanel = preloadedChunk(() => import('#client/features/shelf/components/ifra-form.tsx').then((m) => m.IfraCertificatePanel))

/**
 * A bottle's IFRA certificate (docs/product.md "IFRA certificates"): the amendment, its date, a
 * row per IFRA category, a certificate to paste, Save, and Remove certificate.
 */
export function IfraDialog({ bottle, onOpenChange }: { bottle: Bottle | null; onOpenChange: (open: boolean) => void }) {
  const t = useMessages()
  return (
    <BottleSheetDialog
      bottle={bottle}
      title={(b) => t('shelf.ifra.title', { oil: b.oilName })}
      Panel={IfraPanel}
      onOpenChange={onOpenChange}
    />
  )
}
