import { PDFDocument, StandardFonts, rgb, type PDFPage } from '@cantoo/pdf-lib'
import { pdfFileName, printable, wrapText } from '#client/lib/pdf-text.ts'
import { fileWord, pdfText as t, pdfWordsReady } from '#client/lib/pdf-words.ts'
import { QUIET_ZONE, qrMatrix, qrRuns } from '#client/lib/qr/qr-matrix.ts'

const MM = 72 / 25.4
const INK = rgb(0, 0, 0)

/**
 * Draws the QR code of `text` on a PDF page as a square `side` points wide, quiet zone included,
 * its top left corner at (`left`, `top`) in PDF points (y up). Rectangles of ink, no image: it
 * prints sharp at any size.
 */
export function drawQrCode(page: PDFPage, text: string, left: number, top: number, side: number) {
  const matrix = qrMatrix(text)
  const module = side / (matrix.size + 2 * QUIET_ZONE)
  for (const run of qrRuns(matrix)) {
    page.drawRectangle({
      x: left + (run.x + QUIET_ZONE) * module,
      y: top - (run.y + QUIET_ZONE + 1) * module,
      width: run.length * module,
      height: module,
      color: INK,
    })
  }
}

/** The smallest a printed code may be, quiet zone included: a phone reads a 25-module code at about 2 cm. */
export const MIN_QR_MM = 18

/**
 * "Print QR code": one code on a small page (A6, 105 × 148 mm), 70 mm across, with what it
 * names written under it (the oil and lot, or the blend and batch code) and its number, so the
 * maker can type it when no camera is at hand. The caller gives the words under the code in the
 * language shown; the document's title is in it too (decision 105).
 */
export async function buildQrPrintout({ url, title, lines }: { url: string; title: string; lines: string[] }): Promise<Uint8Array> {
  await pdfWordsReady()
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  doc.setTitle(t('pdf.qr.title', { title }))
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  const width = 105 * MM
  const height = 148 * MM
  const page = doc.addPage([width, height])
  const side = 70 * MM
  drawQrCode(page, url, (width - side) / 2, height - 12 * MM, side)
  let y = height - 12 * MM - side - 6 * MM
  const textWidth = width - 20 * MM
  const write = (text: string, size: number, font = regular) => {
    for (const line of wrapText(printable(font, text), textWidth, (l) => font.widthOfTextAtSize(l, size))) {
      page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color: INK })
      y -= size * 1.3
    }
  }
  write(title, 13, bold)
  for (const line of lines) write(line, 10)
  return doc.save()
}

/** 'Lavender, lot LAV-0425', a bottle, 12 → 'lavender-lot-lav-0425-bottle-12-qr-code.pdf', its words in the language shown. */
export const qrFileName = (title: string, kind: 'bottle' | 'batch', id: number | string): string =>
  pdfFileName(`${title} ${fileWord(`pdf.file.${kind}`)} ${id}`, fileWord('pdf.file.qrCode'), fileWord('pdf.file.blend'))
