import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import { pdfFileName, printable, wrapText } from '#client/lib/pdf-text.ts'
import { fileWord, pdfText as t, pdfWordsReady } from '#client/lib/pdf-words.ts'
import { drawBatchRecord, productName } from '#client/lib/batch-record-pdf.ts'
import { packContent, type PackBlock, type RecordPages } from '#client/features/assessor-pack/lib/pack-content.ts'
import type { AssessorPack } from '#shared/api/assessor-pack.ts'

/**
 * The safety assessor pack as an A4 PDF (docs/product.md "The safety assessor pack"; decision
 * 083): the blocks of packContent laid out top to bottom, tables' cells wrapped in their columns,
 * a new page when one is full, each batch's record drawn by the batch record's own writer on pages
 * of its own (decision 091), and on every page's foot that the pack is input for the assessor.
 * Only "Download the pack" loads this module, and pdf-lib with it. In the interface's language
 * (decision 105): the words of packContent and of the batch records, from the `pdf` section.
 */

const MM = 72 / 25.4
const PAGE = { width: 210 * MM, height: 297 * MM }
const MARGIN = 18 * MM
const WIDTH = PAGE.width - 2 * MARGIN
const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.35, 0.35, 0.35)
const NOTICE = rgb(0.55, 0.12, 0.05)
const RULE = rgb(0.75, 0.75, 0.75)
const LEADING = 1.3

interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

class Writer {
  page!: PDFPage
  y = 0
  /** Where each batch record started (1-based page numbers), by batch id. */
  readonly recordPages = new Map<number, number>()
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly printedOn: string,
  ) {
    this.newPage()
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - MARGIN
  }

  /** Nothing written on this page yet. */
  get atTop() {
    return this.y === PAGE.height - MARGIN
  }

  /** Room for `height` more points on this page, or a new page. */
  room(height: number) {
    if (this.y - height < MARGIN + 12) this.newPage()
  }

  lines(text: string, font: PDFFont, size: number, width: number): string[] {
    return wrapText(printable(font, text), width, (line) => font.widthOfTextAtSize(line, size))
  }

  text(text: string, { font = this.fonts.regular, size = 10, colour = INK, indent = 0, before = 0, after = 4 } = {}) {
    this.y -= before
    for (const line of this.lines(text, font, size, WIDTH - indent)) {
      this.room(size * LEADING)
      this.y -= size * LEADING
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + size * 0.25, size, font, color: colour })
    }
    this.y -= after
  }

  table(columns: { header: string; width: number }[], rows: string[][]) {
    const size = 8.5
    const total = columns.reduce((sum, c) => sum + c.width, 0)
    const widths = columns.map((c) => (c.width / total) * WIDTH)
    const pad = 3
    const drawRow = (cells: string[], font: PDFFont) => {
      const wrapped = cells.map((cell, i) => this.lines(cell, font, size, widths[i]! - 2 * pad))
      const height = Math.max(...wrapped.map((l) => l.length)) * size * LEADING + pad
      this.room(height)
      let x = MARGIN
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          this.page.drawText(line, { x: x + pad, y: this.y - (n + 1) * size * LEADING + size * 0.25, size, font, color: INK })
        })
        x += widths[i]!
      })
      this.y -= height
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.4, color: RULE })
    }
    drawRow(
      columns.map((c) => c.header),
      this.fonts.bold,
    )
    for (const row of rows) drawRow(row, this.fonts.regular)
    this.y -= 8
  }

  block(block: PackBlock) {
    const { regular, bold } = this.fonts
    switch (block.kind) {
      case 'title':
        return this.text(block.text, { font: bold, size: 22, after: 10 })
      case 'notice':
        return this.text(block.text, { font: bold, size: 11, colour: NOTICE, before: 4, after: 10 })
      case 'heading':
        this.room(60)
        return this.text(block.text, { font: bold, size: 15, before: 10, after: 6 })
      case 'subheading':
        this.room(40)
        return this.text(block.text, { font: bold, size: 11, before: 6, after: 4 })
      case 'paragraph':
        return this.text(block.text, { font: regular })
      case 'bullet':
        return this.text(`- ${block.text}`, { font: regular, indent: 8, after: 2 })
      case 'table':
        return this.table(block.columns, block.rows)
      case 'page-break':
        if (!this.atTop) this.newPage()
        return
      case 'batch-record': {
        // The record on pages of its own, drawn by the batch record's writer (one source with the batch page's PDF).
        this.recordPages.set(block.record.batch.id, this.doc.getPageCount() + (this.atTop ? 0 : 1))
        if (this.atTop) this.doc.removePage(this.doc.getPageCount() - 1)
        drawBatchRecord(this.doc, this.fonts, block.record, { paper: 'a4', printedOn: this.printedOn })
        return this.newPage()
      }
    }
  }
}

/** 'Evening Calm' → 'evening-calm-assessor-pack.pdf', its kind in the language shown. */
export const packFileName = (name: string | undefined): string =>
  pdfFileName(name ?? t('pdf.pack.productFallback'), fileWord('pdf.file.assessorPack'), fileWord('pdf.file.blend'))

/** The pack laid out once: the document and where each batch record started. */
async function layOut(pack: AssessorPack, pages: RecordPages | undefined) {
  const doc = await PDFDocument.create()
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  const writer = new Writer(doc, fonts, pack.generatedAt.slice(0, 10))
  for (const block of packContent(pack, pages)) writer.block(block)
  // A last page left empty (after a record, with nothing after it) is not kept.
  if (writer.atTop && doc.getPageCount() > 1) doc.removePage(doc.getPageCount() - 1)
  return { doc, fonts, recordPages: writer.recordPages }
}

const samePages = (a: RecordPages, b: RecordPages | undefined) =>
  b !== undefined && a.size === b.size && [...a].every(([id, page]) => b.get(id) === page)

/** Most layouts: the page numbers written in the first can move a record by a line, rarely a page. */
const LAYOUTS = 4

export async function buildAssessorPack(pack: AssessorPack): Promise<Uint8Array> {
  await pdfWordsReady()
  // Laid out until the page numbers the index and the batch lists give are the pages the records start on.
  let pages: RecordPages | undefined
  let laid = await layOut(pack, pages)
  for (let i = 1; i < LAYOUTS && !samePages(laid.recordPages, pages); i++) {
    pages = laid.recordPages
    laid = await layOut(pack, pages)
  }
  const { doc, fonts } = laid
  const first = pack.variants[0]
  doc.setTitle(
    t('pdf.pack.docTitle', { name: first ? first.blendName : t('pdf.pack.productFallback'), product: productName(pack.productType) }),
  )
  doc.setSubject(t('pdf.pack.subject'))
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  const all = doc.getPages()
  all.forEach((page, i) => {
    const text = printable(fonts.regular, t('pdf.pack.foot', { page: i + 1, pages: all.length }))
    page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 7.5, font: fonts.regular, color: MUTED })
  })
  return doc.save()
}
