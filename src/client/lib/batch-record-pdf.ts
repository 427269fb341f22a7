import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import type { BatchTrace } from '#shared/api/trace.ts'
import { AUDIENCE_LABELS, isAudienceId } from '#shared/domain/audience-ids.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { toGrams } from '#shared/domain/units.ts'
import { pdfFileName, printable, wrapText } from '#client/lib/pdf-text.ts'
import { checkWord, formatNumber as num, recordedIfraBasis, recordedIfraSentence } from '#client/lib/trace-format.ts'

/**
 * The batch record (issue 36; docs/product.md "Batch records"; decision 081): one batch on paper,
 * A4 or Letter, for the product's file. Made on the client with pdf-lib's standard fonts; only a
 * press loads this module ("Print batch record", "Print recall list", "Download the pack").
 * drawBatchRecord draws one record into a document it is given, so a larger PDF (the safety
 * assessor pack, decision 091) holds several. In src/client/lib because two features draw with it.
 */

export const PAPER_SIZES = {
  a4: { label: 'A4', width: 595.28, height: 841.89 },
  letter: { label: 'Letter', width: 612, height: 792 },
} as const
export type PaperSize = keyof typeof PAPER_SIZES

export type BatchRecordFonts = { regular: PDFFont; bold: PDFFont }

export async function batchRecordFonts(doc: PDFDocument): Promise<BatchRecordFonts> {
  return { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
}

export const MARGIN = 50
const BODY = 10
export const SMALL = 8.5
const LINE = 1.3
const INK = rgb(0.1, 0.1, 0.1)
export const MUTED = rgb(0.35, 0.35, 0.35)
const RULE = rgb(0.75, 0.75, 0.75)

type Column = { title: string; width: number; align?: 'right' }

/** Writes down a page, starting a new one (with the record's running head) when the next line would not fit. */
export class Writer {
  page!: PDFPage
  y = 0
  pages: PDFPage[] = []
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: BatchRecordFonts,
    private readonly paper: (typeof PAPER_SIZES)[PaperSize],
    private readonly head: string,
  ) {
    this.newPage()
  }

  get width() {
    return this.paper.width - 2 * MARGIN
  }

  newPage() {
    this.page = this.doc.addPage([this.paper.width, this.paper.height])
    this.pages.push(this.page)
    this.y = this.paper.height - MARGIN
    if (this.pages.length > 1) {
      this.page.drawText(printable(this.fonts.regular, this.head), {
        x: MARGIN,
        y: this.y,
        size: SMALL,
        font: this.fonts.regular,
        color: MUTED,
      })
      this.y -= SMALL * LINE * 2
    }
  }

  room(height: number) {
    if (this.y - height < MARGIN + SMALL * 3) this.newPage()
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: typeof INK; x?: number; width?: number } = {}) {
    const size = options.size ?? BODY
    const font = options.bold ? this.fonts.bold : this.fonts.regular
    const x = options.x ?? MARGIN
    const width = options.width ?? this.width - (x - MARGIN)
    for (const line of wrapText(printable(font, text), width, (l) => font.widthOfTextAtSize(l, size))) {
      this.room(size * LINE)
      this.y -= size
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK })
      this.y -= size * (LINE - 1)
    }
  }

  gap(points = BODY * 0.6) {
    this.y -= points
  }

  heading(text: string) {
    this.gap(BODY * 0.8)
    this.room(BODY * 4)
    this.text(text, { size: 12, bold: true })
    this.gap(2)
  }

  /** A table: a bold header row, then each row's cells wrapped within their column; a row never splits across pages. */
  table(columns: Column[], rows: string[][]) {
    const total = columns.reduce((sum, c) => sum + c.width, 0)
    const widths = columns.map((c) => (c.width / total) * this.width)
    const drawRow = (cells: string[], font: PDFFont) => {
      const wrapped = cells.map((cell, i) => wrapText(printable(font, cell), widths[i]! - 6, (l) => font.widthOfTextAtSize(l, SMALL)))
      const height = Math.max(...wrapped.map((w) => w.length)) * SMALL * LINE
      this.room(height + 4)
      let x = MARGIN
      wrapped.forEach((lines, i) => {
        let y = this.y
        for (const line of lines) {
          y -= SMALL
          const lineWidth = font.widthOfTextAtSize(line, SMALL)
          const left = columns[i]!.align === 'right' ? x + widths[i]! - 6 - lineWidth : x
          this.page.drawText(line, { x: left, y, size: SMALL, font, color: INK })
          y -= SMALL * (LINE - 1)
        }
        x += widths[i]!
      })
      this.y -= height + 2
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.4, color: RULE })
      this.y -= 2
    }
    drawRow(
      columns.map((c) => c.title),
      this.fonts.bold,
    )
    for (const row of rows) drawRow(row, this.fonts.regular)
  }
}

/**
 * Draws one batch's record into `doc`, on pages of its own (A4 or Letter), each page footed with the
 * batch code, Accord's name, the day printed and the page's number within the record.
 */
export function drawBatchRecord(
  doc: PDFDocument,
  fonts: BatchRecordFonts,
  trace: BatchTrace,
  options: { paper: PaperSize; printedOn: string },
): void {
  const { batch, blend, composition, lots, label } = trace
  const paper = PAPER_SIZES[options.paper]
  const w = new Writer(doc, fonts, paper, `Batch record ${batch.code} (continued)`)
  const productLabel = productTypeById(batch.productType)?.label ?? batch.productType
  const audience = batch.audience && isAudienceId(batch.audience) ? AUDIENCE_LABELS[batch.audience] : null
  const productGrams = toGrams(batch.weight, batch.unit)
  const oilGrams = composition.reduce((sum, c) => sum + c.grams, 0)

  w.text('Batch record', { size: 18, bold: true })
  w.gap(4)
  w.text(`Batch code: ${batch.code}`, { size: 13, bold: true })
  w.gap(4)
  w.text(`Product: ${blend.name}, ${productLabel}`)
  w.text(`Recipe version: ${batch.reference}`)
  w.text(`Made on: ${batch.madeOn}${audience ? `. Made for: ${audience}` : ''}`)
  w.text(
    `Weights: ${num(batch.weight)} ${batch.unit} of product${batch.unit === 'g' ? '' : ` (${num(productGrams)} g)`} at ${num(batch.oilPercentage)} % essential oils: ${num(oilGrams)} g of oils${batch.units ? `, ${batch.units} units` : ''}`,
  )

  w.heading('Composition (flattened)')
  w.table(
    [
      { title: 'Oil', width: 24 },
      { title: 'INCI', width: 36 },
      { title: '% of blend', width: 13, align: 'right' },
      { title: '% of product', width: 14, align: 'right' },
      { title: 'Grams', width: 13, align: 'right' },
    ],
    composition.map((c) => [c.oilName, c.inci ?? 'Not known', num(c.percentOfBlend), num(c.percentOfProduct, 3), num(c.grams)]),
  )
  const weighedAsBatch = (batch.accords ?? []).filter((a) => a.weigh === 'batch')
  if (weighedAsBatch.length > 0) {
    w.gap(4)
    for (const a of weighedAsBatch) {
      const drawn = a.drawn.map((d) => `${d.code} (${num(d.grams)} g)`).join(', ')
      w.text(`Accord ${a.name} ${a.referenceNumber}: ${num(a.grams)} g weighed from its neat batches ${drawn || 'none'}`, { size: SMALL })
    }
  }

  w.heading('Lots drawn')
  if (lots.length === 0) w.text('No bottle was drawn from for this batch.', { color: MUTED })
  else
    w.table(
      [
        { title: 'Oil', width: 22 },
        { title: 'Lot code', width: 20 },
        { title: 'Supplier', width: 22 },
        { title: 'Best before', width: 16 },
        { title: 'Amount', width: 14, align: 'right' },
      ],
      lots.map((l) => [
        l.oilName,
        l.lot ? (l.lot.lotCode ?? 'Not recorded') : 'Bottle deleted',
        l.lot?.supplier ?? 'Not known',
        l.lot?.bestBefore ?? 'Not known',
        `${num(l.amount)} ${l.unit}`,
      ]),
    )

  w.heading('Checks at the time of making')
  w.text(`Cross-contamination prevented: ${checkWord(batch.crossContaminationPrevented)}`)
  w.text(`Weighed in grams: ${checkWord(batch.weighedInGrams)}`)

  w.heading('IFRA check recorded')
  w.text(recordedIfraSentence(batch.ifra), batch.ifra ? {} : { color: MUTED })
  if (batch.ifra) w.text(recordedIfraBasis(batch.ifra), { size: SMALL, color: MUTED })

  w.heading('Allergen declaration and ingredients')
  if (!label) {
    w.text(`${productLabel} has no cosmetic allergen label in Accord.`, { color: MUTED })
  } else {
    w.text(
      label.source === 'saved'
        ? `From the label saved with this batch on ${label.label.computedAt.slice(0, 10)}.`
        : `No label was saved with this batch: worked out on ${label.label.computedAt.slice(0, 10)} from the lots' allergen declarations as they are now, oils by INCI name, without the base.`,
      { size: SMALL, color: MUTED },
    )
    w.gap(3)
    const declared = label.label.declared
    w.text(
      declared.length === 0
        ? `Allergens to declare (above ${num(label.label.thresholdPercent, 3)} %): none`
        : `Allergens to declare (above ${num(label.label.thresholdPercent, 3)} %): ${declared.map((a) => `${a.inci} ${num(a.percent, 4)} %`).join(', ')}`,
    )
    if (!label.label.complete)
      w.text('Incomplete: some oils have no allergen declaration, so this list may be missing allergens.', { bold: true })
    w.gap(3)
    w.text(`Ingredients (INCI): ${label.label.ingredientText}`)
  }

  // Each page of this record: the batch code, Accord's name, the day printed and the page.
  w.pages.forEach((page, i) => {
    const foot = printable(
      fonts.regular,
      `Batch ${batch.code} · Accord · Printed ${options.printedOn} · Page ${i + 1} of ${w.pages.length}`,
    )
    page.drawText(foot, { x: MARGIN, y: MARGIN - SMALL, size: SMALL, font: fonts.regular, color: MUTED })
  })
}

/** A PDF of one batch record on the paper chosen. */
export async function buildBatchRecord(trace: BatchTrace, options: { paper: PaperSize; printedOn: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Batch record ${trace.batch.code}`)
  doc.setSubject(`${trace.blend.name} ${trace.batch.reference}, ${PAPER_SIZES[options.paper].label}`)
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  drawBatchRecord(doc, await batchRecordFonts(doc), trace, options)
  return doc.save()
}

/** 'Evening Calm', '261127-1' → 'evening-calm-261127-1-batch-record.pdf'. */
export const batchRecordFileName = (trace: BatchTrace): string => pdfFileName(`${trace.blend.name} ${trace.batch.code}`, 'batch-record')
