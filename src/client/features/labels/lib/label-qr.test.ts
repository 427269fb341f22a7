// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { buildLabelSheet } from '#client/features/labels/lib/label-pdf.ts'
import { LABEL_SHEETS } from '#client/features/labels/lib/label-sheets.ts'
import { decodeQr, pdfTextOf, renderedPdf } from '#client/testing/qr-decode.ts'

/**
 * A recorded batch's QR code on its label sheet (docs/product.md "QR codes at the bench"): on every
 * label of every sheet, decoded back from the rendered PDF with the decoder the scanner ships,
 * and never at the cost of the label's text.
 */

const ORIGIN = 'https://accord.example'

describe("a batch's QR code on the label sheet", () => {
  const content = {
    title: 'Evening Calm',
    productLabel: 'Lotion / cream',
    batchCode: '261124-2',
    nominal: { amount: 50, unit: 'g' },
    ingredientText: 'Aqua, Glycerin, Cetearyl Alcohol, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene',
    allergens: ['Linalool', 'Limonene'],
    responsible: { name: 'Ana Maker', address: '1 Rue des Fleurs\n75001 Paris, France' },
    pao: '12M' as const,
    declarationsComplete: true,
    qrUrl: `${ORIGIN}/batches/981`,
  }

  for (const sheet of LABEL_SHEETS) {
    it(`is on every label of ${sheet.name}, beside the whole text`, async () => {
      const result = await buildLabelSheet(content, sheet.id)
      if (!result.fits) throw new Error(`does not fit ${sheet.id}`)
      expect(result.qrCode).toBe('printed')
      const codes = await decodeQr(renderedPdf(result.bytes, 200), true)
      expect(codes).toEqual(Array.from({ length: result.labels }, () => content.qrUrl))
      const text = pdfTextOf(result.bytes)
      expect(text.split('Evening Calm').length - 1).toBe(result.labels)
      expect(text).toContain('Allergens: Linalool, Limonene.')
    })
  }

  it('gives way to the text: a label whose text needs the whole width is printed without the code, and says so', async () => {
    const long = { ...content, ingredientText: 'Butyrospermum Parkii Butter, '.repeat(8) }
    const result = await buildLabelSheet(long, 'l7160')
    if (!result.fits) throw new Error('should fit without the code')
    expect(result.qrCode).toBe('no-room')
    expect(await decodeQr(renderedPdf(result.bytes, 200), true)).toEqual([])
    expect(pdfTextOf(result.bytes).split('Butyrospermum Parkii Butter').length - 1).toBe(8 * 21)
  })

  it('is not printed for a label with no recorded batch', async () => {
    const result = await buildLabelSheet({ ...content, qrUrl: null }, 'l7165')
    if (!result.fits) throw new Error('should fit')
    expect(result.qrCode).toBe('none')
    expect(await decodeQr(renderedPdf(result.bytes, 200), true)).toEqual([])
  })
})
