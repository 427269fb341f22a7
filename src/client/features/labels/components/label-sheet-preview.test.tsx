// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LabelSheetPreview } from '#client/features/labels/components/label-sheet-preview.tsx'
import { buildLabelSheet } from '#client/features/labels/lib/label-pdf.ts'
import type { LabelSheetContent } from '#client/features/labels/lib/label-sheet-text.ts'

/** The text pdftotext reads back from the PDF, spaces collapsed. */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'label-preview-')), 'label.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()
}

/** The preview's text as a reader gets it, paragraph by paragraph, spaces collapsed. */
function screenText(content: LabelSheetContent): string {
  const html = renderToStaticMarkup(<LabelSheetPreview content={content} />)
  return html
    .replace(/<\/p>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

const lotion: LabelSheetContent = {
  title: 'Evening Calm',
  productLabel: 'Lotion / cream',
  batchCode: '261124-2',
  nominal: { amount: 50, unit: 'g' },
  ingredientText: 'Aqua, Glycerin, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene',
  allergens: ['Linalool', 'Limonene'],
  responsible: { name: 'Ana Maker', address: '1 Rue des Fleurs\n75001 Paris, France' },
  pao: '6M',
  declarationsComplete: true,
}

describe('the label preview and the PDF', () => {
  it.each([
    ['a complete label', lotion],
    [
      'an incomplete one without a responsible person or batch code',
      { ...lotion, responsible: null, batchCode: null, declarationsComplete: false },
    ],
    ['one with nothing to declare', { ...lotion, allergens: [], ingredientText: 'Aqua, Lavandula Angustifolia Oil' }],
  ])('say the same, word for word: %s', async (_name, content) => {
    const result = await buildLabelSheet(content, 'a4-page')
    if (!result.fits) throw new Error('should fit a page')
    const onScreen = screenText(content)
    expect(onScreen).toContain('Ingredients:')
    expect(pdfText(result.bytes)).toBe(onScreen)
  })

  it('prints the allergen line it is given, never the whole oils the ingredient list names', () => {
    const text = screenText(lotion)
    expect(text).toContain('Allergens: Linalool, Limonene.')
    expect(text).not.toMatch(/Allergens:[^.]*Lavandula/)
    expect(text).toContain('Batch: 261124-2 · After opening: 6M')
    expect(text).toContain('Ana Maker, 1 Rue des Fleurs, 75001 Paris, France')
  })
})
