import { useState } from 'react'
import { NextReferenceSchema } from '#shared/api/blends.ts'
import { combinedEffects, scentProfile } from '#shared/domain/blend-properties.ts'
import { nextVersionLetter, referenceNumber } from '#shared/domain/references.ts'
import type { UrlProject } from '#shared/domain/save-decision.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { isComplete, oilIn, percentageOf } from '#shared/domain/wizard.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { apiRequest } from '#client/lib/api-client.ts'
import { planSave } from '#client/features/blend-creator/api/save-blend.ts'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'

/**
 * The reference the blend gets if it is saved now: the next blend's (GET /api/next-reference-number)
 * or the next version's of the project it would join. Null when it cannot be known.
 */
async function upcomingReference(name: string, urlProject: UrlProject | null): Promise<string | null> {
  const decision = await planSave({ name, urlProject })
  if (decision.kind === 'new-blend') {
    const res = await apiRequest('GET', '/api/next-reference-number')
    return NextReferenceSchema.parse(await res.json()).referenceNumber
  }
  if (decision.kind === 'version' && decision.project.blendNumber !== undefined && decision.project.versions) {
    const letter = nextVersionLetter(decision.project.versions.map((v) => v.versionLetter))
    return referenceNumber(decision.project.blendNumber, letter)
  }
  return null
}

function download(bytes: Uint8Array, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * Export PDF: builds the recipe card in the browser and downloads it. The PDF code (and pdf-lib)
 * is fetched on the first press, never with the page.
 */
export function useExportPdf(urlProject: UrlProject | null) {
  const [exporting, setExporting] = useState(false)

  const exportPdf = async () => {
    const { composition, blendName, notes } = blendDraftStore.getState()
    if (!isComplete(composition)) return
    setExporting(true)
    try {
      const [pdf, reference] = await Promise.all([
        import('#client/features/blend-creator/lib/recipe-pdf.ts'),
        // The card is still worth having without a reference.
        upcomingReference(blendName, urlProject).catch(() => null),
      ])
      const bytes = await pdf.buildRecipePdf({
        name: blendName.trim() || 'Untitled blend',
        reference,
        layers: NOTE_TYPES.map((layer) => {
          const oil = oilIn(composition, layer)!
          return {
            layer,
            percentage: percentageOf(composition, layer),
            name: oil.name,
            latinName: oil.latinName,
            scentFamily: oil.scentFamily,
          }
        }),
        effects: combinedEffects(composition),
        scentProfile: scentProfile(composition),
        notes,
        date: new Date(),
      })
      download(bytes, pdf.recipeFileName(blendName))
      toast.success('Blend recipe exported!', { description: 'Your blend recipe has been downloaded as a PDF.' })
    } catch {
      toast.error('Export failed', { description: 'Could not create the PDF. Please try again.' })
    } finally {
      setExporting(false)
    }
  }

  return { exportPdf, exporting }
}
