// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { buildLabelSheet, labelFileName, type LabelSheetContent } from '#client/features/labels/lib/label-pdf.ts'
import { LABEL_SHEETS, MIN_LABEL_FONT_PT } from '#client/features/labels/lib/label-sheets.ts'

const content: LabelSheetContent = {
  title: 'Evening Calm',
  productLabel: 'Lotion / cream',
  batchCode: '261124-2',
  nominal: { amount: 50, unit: 'g' },
  ingredientText: 'Aqua, Glycerin, Cetearyl Alcohol, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene',
  allergens: ['Linalool', 'Limonene'],
  responsible: { name: 'Ana Maker', address: '1 Rue des Fleurs\n75001 Paris, France' },
  pao: '12M',
  declarationsComplete: true,
}

// npm test checks up front that pdftotext (poppler-utils) is installed; nothing here skips.
function textOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'labels-')), 'labels.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
}

const count = (text: string, word: string) => text.split(word).length - 1

describe('the label sheet PDF', () => {
  for (const sheet of LABEL_SHEETS) {
    it(`fills a page of ${sheet.name} with the same label`, async () => {
      const result = await buildLabelSheet(content, sheet.id)
      if (!result.fits) throw new Error(`does not fit ${sheet.id}`)
      expect(result.labels).toBe(sheet.rows * sheet.columns)
      const doc = await PDFDocument.load(result.bytes)
      expect(doc.getPageCount()).toBe(1)
      const { width, height } = doc.getPage(0).getSize()
      expect(width).toBeCloseTo((sheet.page.width * 72) / 25.4, 1)
      expect(height).toBeCloseTo((sheet.page.height * 72) / 25.4, 1)
      const text = textOf(result.bytes).replace(/\s+/g, ' ')
      expect(count(text, 'Evening Calm')).toBe(result.labels)
      expect(count(text, 'Batch: 261124-2 · After opening: 12M')).toBe(result.labels)
      expect(count(text, 'Ana Maker, 1 Rue des Fleurs, 75001 Paris, France')).toBe(result.labels)
      expect(text).toContain('Lotion / cream · 50 g')
      expect(text).toContain('Ingredients: Aqua, Glycerin')
      expect(text).toContain('Allergens: Linalool, Limonene.')
      expect(text).not.toContain('INCOMPLETE')
    })
  }

  it('keeps the whole ingredient list, shrinking the text to fit a small label', async () => {
    const long = { ...content, ingredientText: `${'Butyrospermum Parkii Butter, '.repeat(10)}Linalool` }
    const result = await buildLabelSheet(long, 'l7160')
    if (!result.fits) throw new Error('should fit')
    expect(result.fontSize).toBeLessThan(LABEL_SHEETS[0].fontSize)
    expect(result.fontSize).toBeGreaterThanOrEqual(MIN_LABEL_FONT_PT)
    const text = textOf(result.bytes).replace(/\s+/g, ' ')
    expect(count(text, 'Butyrospermum Parkii Butter')).toBe(10 * 21)
  })

  it('makes no PDF when the text cannot fit even at the smallest size, rather than cut it', async () => {
    const huge = { ...content, ingredientText: 'Butyrospermum Parkii Butter, '.repeat(40) }
    const small = await buildLabelSheet(huge, 'l7160')
    expect(small).toEqual({ fits: false, fontSize: MIN_LABEL_FONT_PT })
    // A whole page holds it.
    expect((await buildLabelSheet(huge, 'a4-page')).fits).toBe(true)
  })

  it('marks an incomplete label on every label, and prints what standard fonts cannot draw as ?', async () => {
    const result = await buildLabelSheet({ ...content, title: 'Nuit 🌙', declarationsComplete: false, allergens: [] }, 'l7165')
    if (!result.fits) throw new Error('should fit')
    const text = textOf(result.bytes).replace(/\s+/g, ' ')
    expect(count(text, 'INCOMPLETE: a bottle has no allergen declaration. Not for sale.')).toBe(8)
    expect(text).toContain('Nuit ?')
    expect(text).not.toContain('Allergens:')
  })

  it('marks a label without a responsible person or a batch code incomplete, saying what it lacks', async () => {
    const result = await buildLabelSheet({ ...content, responsible: null, batchCode: null }, 'a4-page')
    if (!result.fits) throw new Error('should fit')
    const text = textOf(result.bytes).replace(/\s+/g, ' ')
    expect(text).toContain('INCOMPLETE: no responsible person; no batch code until the batch is recorded. Not for sale.')
    expect(text).toContain('Batch: - · After opening: 12M')
    expect(text).not.toContain('Ana Maker')
  })

  // Decision 099: each language's label, read back from its PDF. The INCI list stays as it is.
  const MARKETS = {
    en: [
      'Lotion / cream · 12.5 g',
      'Precautions: For external use only. Keep out of reach of children.',
      'Batch: 261124-2 · After opening: 12M',
      'Allergens: Linalool, Limonene.',
    ],
    de: [
      'Lotion / Creme · 12,5 g',
      'Warnhinweise: Nur zur äußerlichen Anwendung. Außerhalb der Reichweite von Kindern aufbewahren.',
      'Charge: 261124-2 · Nach dem Öffnen: 12M',
      'Allergene: Linalool, Limonene.',
    ],
    fr: [
      'Lotion / crème · 12,5 g',
      'Précautions : Usage externe uniquement. Tenir hors de portée des enfants.',
      'Lot : 261124-2 · Après ouverture : 12M',
      'Allergènes : Linalool, Limonene.',
    ],
    es: [
      'Loción / crema · 12,5 g',
      'Precauciones: Solo para uso externo. Mantener fuera del alcance de los niños.',
      'Lote: 261124-2 · Tras la apertura: 12M',
      'Alérgenos: Linalool, Limonene.',
    ],
    it: [
      'Lozione / crema · 12,5 g',
      'Avvertenze: Solo per uso esterno. Tenere fuori dalla portata dei bambini.',
      'Lotto: 261124-2 · Dopo l’apertura: 12M',
      'Allergeni: Linalool, Limonene.',
    ],
  } as const
  for (const [language, lines] of Object.entries(MARKETS)) {
    it(`prints the label's particulars in ${language}, the ingredient list as it is`, async () => {
      const localised: LabelSheetContent = {
        ...content,
        nominal: { amount: 12.5, unit: 'g' },
        productType: 'lotion',
        language: language as keyof typeof MARKETS,
        precautions: ['children', 'external-use'],
      }
      const result = await buildLabelSheet(localised, 'l7165')
      if (!result.fits) throw new Error('should fit')
      const text = textOf(result.bytes).replace(/\s+/g, ' ')
      for (const line of lines) expect(count(text, line), line).toBe(result.labels)
      expect(count(text, 'Ingredients: Aqua, Glycerin, Cetearyl Alcohol, Lavandula Angustifolia Oil')).toBe(result.labels)
      if (language !== 'en') expect(text).not.toMatch(/Batch:|After opening|Precautions|Allergens:|Lotion \/ cream/)
    })
  }

  it('names the file after the blend', () => {
    expect(labelFileName('Evening Calm')).toBe('evening-calm-labels.pdf')
    expect(labelFileName('🌙')).toBe('blend-labels.pdf')
  })
})
