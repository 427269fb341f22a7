import { useState } from 'react'
import { combinedEffects, scentProfile } from '#shared/domain/blend-properties.ts'
import { isComplete, oilIn } from '#shared/domain/wizard.ts'
import { recipeLayers } from '#client/features/blend-creator/lib/recipe-layers.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { downloadBytes } from '#client/lib/download.ts'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * Export PDF: builds the recipe card in the browser and downloads it. The PDF code (and pdf-lib)
 * is fetched on the first press, never with the page. The draft is not saved yet, so the card
 * says so rather than guess the reference a save would get (the server assigns it). The card is in
 * the interface's language (decision 105); the module brings its words.
 */
export function useExportPdf() {
  const [exporting, setExporting] = useState(false)
  const t = useMessages()

  const exportPdf = async () => {
    const { composition, blendName, notes } = blendDraftStore.getState()
    if (!isComplete(composition)) return
    setExporting(true)
    try {
      const pdf = await import('#client/features/blend-creator/lib/recipe-pdf.ts')
      const [top, heart, base] = (['Top', 'Middle', 'Base'] as const).map((layer) => oilIn(composition, layer)?.scentFamily)
      const bytes = await pdf.buildRecipePdf({
        name: blendName.trim(),
        reference: null,
        layers: recipeLayers(composition),
        effects: combinedEffects(composition),
        scentProfile: scentProfile(composition),
        families: top && heart && base ? [top, heart, base] : null,
        notes,
        date: new Date(),
      })
      downloadBytes(bytes, pdf.recipeFileName(blendName))
      toast.success(t('creator.toast.exported'), { description: t('creator.toast.exportedText') })
    } catch {
      toast.error(t('creator.toast.exportFailed'), { description: t('creator.toast.exportFailedText') })
    } finally {
      setExporting(false)
    }
  }

  return { exportPdf, exporting }
}
