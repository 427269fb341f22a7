import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import type { IfraCheck } from '#shared/api/ifra.ts'
import type { BatchTrace } from '#shared/api/trace.ts'
import { AUDIENCE_LABELS, isAudienceId } from '#shared/domain/audience-ids.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { toGrams } from '#shared/domain/units.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { pdfFileName, printable, wrapText } from '#client/lib/pdf-text.ts'
import { fileWord, pdfDay as day, pdfNumber as num, pdfText as t, pdfTextOr, pdfWordsReady } from '#client/lib/pdf-words.ts'

/**
 * The batch record (issue 36; docs/product.md "Batch records"; decision 081): one batch on paper,
 * A4 or Letter, for the product's file. Made on the client with pdf-lib's standard fonts; only a
 * press loads this module ("Print batch record", "Print recall list", "Download the pack").
 * drawBatchRecord draws one record into a document it is given, so a larger PDF (the safety
 * assessor pack, decision 091) holds several. In src/client/lib because two features draw with it.
 * Written in the interface's language (decision 105): the words from the `pdf` section (awaited by
 * buildBatchRecord, or by the PDF that draws records), days and numbers by Intl, oils' common names
 * through oilName; INCI names, batch and lot codes as they are.
 */

/** A product type's name in the language shown; an id the catalogs do not know by the shared label, or as it is. */
export const productName = (id: string): string => pdfTextOr(`pdf.product.${id}`, productTypeById(id)?.label ?? id)

/** Who a product is for, in the language shown. */
export const audienceName = (id: string): string => pdfTextOr(`pdf.audience.${id}`, isAudienceId(id) ? AUDIENCE_LABELS[id] : id)

/** A recorded check: Yes, No, or not recorded (the shared rule, #shared/domain/batch-checks.ts), in the language shown. */
export const checkWord = (check: boolean | null | undefined): string =>
  t(check == null ? 'pdf.check.notRecorded' : check ? 'pdf.check.yes' : 'pdf.check.no')

/** The IFRA check recorded with a batch, in a sentence (the batch page says the same). */
export function recordedIfraSentence(ifra: IfraCheck | null | undefined): string {
  if (!ifra) return t('pdf.ifra.none')
  switch (ifra.status) {
    case 'within':
      return ifra.maxBlendPercent !== null ? t('pdf.ifra.withinAtMost', { percent: num(ifra.maxBlendPercent) }) : t('pdf.ifra.within')
    case 'over':
      return ifra.limitingOil ? t('pdf.ifra.overOil', { oil: oilName(ifra.limitingOil.oilName) }) : t('pdf.ifra.over')
    case 'no-category':
      return t('pdf.ifra.noCategory')
    default:
      return t('pdf.ifra.unknown')
  }
}

/** What the recorded check was made against: its category, the certificates' amendments and the day. */
export function recordedIfraBasis(ifra: IfraCheck): string {
  const category = ifra.category
    ? ifra.categoryName
      ? t('pdf.ifra.categoryNamed', { category: ifra.category, name: ifra.categoryName })
      : t('pdf.ifra.category', { category: ifra.category })
    : t('pdf.ifra.noCategoryBasis')
  const checked = day(ifra.checkedAt.slice(0, 10))
  return ifra.amendments.length > 0
    ? t('pdf.ifra.basisAmendments', { category, amendments: ifra.amendments.join(', '), day: checked })
    : t('pdf.ifra.basis', { category, day: checked })
}

/** The paper's name: A4, or Letter in the language shown. */
export const paperName = (paper: PaperSize): string => t(`pdf.paper.${paper}`)

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
  const w = new Writer(doc, fonts, paper, t('pdf.record.continued', { code: batch.code }))
  const productLabel = productName(batch.productType)
  const audience = batch.audience && isAudienceId(batch.audience) ? audienceName(batch.audience) : null
  const productGrams = toGrams(batch.weight, batch.unit)
  const oilGrams = composition.reduce((sum, c) => sum + c.grams, 0)

  w.text(t('pdf.record.title'), { size: 18, bold: true })
  w.gap(4)
  w.text(t('pdf.record.code', { code: batch.code }), { size: 13, bold: true })
  w.gap(4)
  w.text(t('pdf.record.product', { blend: blend.name, product: productLabel }))
  w.text(t('pdf.record.recipe', { reference: batch.reference }))
  const madeOn = day(batch.madeOn)
  w.text(audience ? t('pdf.record.madeFor', { day: madeOn, audience }) : t('pdf.record.madeOn', { day: madeOn }))
  w.text(
    t('pdf.record.weights', {
      weight: num(batch.weight),
      unit: batch.unit,
      grams: batch.unit === 'g' ? '' : t('pdf.record.weights.grams', { grams: num(productGrams) }),
      percent: num(batch.oilPercentage),
      oils: num(oilGrams),
      units: batch.units ? t('pdf.record.weights.units', { count: batch.units }) : '',
    }),
  )

  w.heading(t('pdf.record.composition.heading'))
  w.table(
    [
      { title: t('pdf.record.column.oil'), width: 24 },
      { title: t('pdf.record.column.inci'), width: 36 },
      { title: t('pdf.record.column.percentOfBlend'), width: 13, align: 'right' },
      { title: t('pdf.record.column.percentOfProduct'), width: 14, align: 'right' },
      { title: t('pdf.record.column.grams'), width: 13, align: 'right' },
    ],
    composition.map((c) => [
      oilName(c.oilName),
      c.inci ?? t('pdf.notKnown'),
      num(c.percentOfBlend),
      num(c.percentOfProduct, 3),
      num(c.grams),
    ]),
  )
  const weighedAsBatch = (batch.accords ?? []).filter((a) => a.weigh === 'batch')
  if (weighedAsBatch.length > 0) {
    w.gap(4)
    for (const a of weighedAsBatch) {
      const drawn = a.drawn.map((d) => `${d.code} (${num(d.grams)} g)`).join(', ')
      w.text(t('pdf.record.accord', { name: a.name, reference: a.referenceNumber, grams: num(a.grams), drawn: drawn || t('pdf.none') }), {
        size: SMALL,
      })
    }
  }

  w.heading(t('pdf.record.lots.heading'))
  if (lots.length === 0) w.text(t('pdf.record.lots.none'), { color: MUTED })
  else
    w.table(
      [
        { title: t('pdf.record.column.oil'), width: 22 },
        { title: t('pdf.record.column.lotCode'), width: 20 },
        { title: t('pdf.record.column.supplier'), width: 22 },
        { title: t('pdf.record.column.bestBefore'), width: 16 },
        { title: t('pdf.record.column.amount'), width: 14, align: 'right' },
      ],
      lots.map((l) => [
        oilName(l.oilName),
        l.lot ? (l.lot.lotCode ?? t('pdf.notRecorded')) : t('pdf.record.bottleDeleted'),
        l.lot?.supplier ?? t('pdf.notKnown'),
        l.lot?.bestBefore ? day(l.lot.bestBefore) : t('pdf.notKnown'),
        `${num(l.amount)} ${l.unit}`,
      ]),
    )

  w.heading(t('pdf.record.checks.heading'))
  w.text(t('pdf.record.checks.crossContamination', { check: checkWord(batch.crossContaminationPrevented) }))
  w.text(t('pdf.record.checks.weighedInGrams', { check: checkWord(batch.weighedInGrams) }))

  w.heading(t('pdf.record.ifra.heading'))
  w.text(recordedIfraSentence(batch.ifra), batch.ifra ? {} : { color: MUTED })
  if (batch.ifra) w.text(recordedIfraBasis(batch.ifra), { size: SMALL, color: MUTED })

  w.heading(t('pdf.record.allergens.heading'))
  if (!label) {
    w.text(t('pdf.record.noLabel', { product: productLabel }), { color: MUTED })
  } else {
    const computed = day(label.label.computedAt.slice(0, 10))
    w.text(label.source === 'saved' ? t('pdf.record.label.saved', { day: computed }) : t('pdf.record.label.workedOut', { day: computed }), {
      size: SMALL,
      color: MUTED,
    })
    w.gap(3)
    const declared = label.label.declared
    w.text(
      t('pdf.record.allergens', {
        threshold: num(label.label.thresholdPercent, 3),
        allergens: declared.length === 0 ? t('pdf.none') : declared.map((a) => `${a.inci} ${num(a.percent, 4)} %`).join(', '),
      }),
    )
    if (!label.label.complete) w.text(t('pdf.record.incomplete'), { bold: true })
    w.gap(3)
    w.text(t('pdf.record.ingredients', { ingredients: label.label.ingredientText }))
  }

  // Each page of this record: the batch code, Accord's name, the day printed and the page.
  w.pages.forEach((page, i) => {
    const foot = printable(
      fonts.regular,
      t('pdf.record.foot', { code: batch.code, day: day(options.printedOn), page: i + 1, pages: w.pages.length }),
    )
    page.drawText(foot, { x: MARGIN, y: MARGIN - SMALL, size: SMALL, font: fonts.regular, color: MUTED })
  })
}

/** A PDF of one batch record on the paper chosen, in the language shown. */
export async function buildBatchRecord(trace: BatchTrace, options: { paper: PaperSize; printedOn: string }): Promise<Uint8Array> {
  await pdfWordsReady()
  const doc = await PDFDocument.create()
  doc.setTitle(t('pdf.record.docTitle', { code: trace.batch.code }))
  doc.setSubject(`${trace.blend.name} ${trace.batch.reference}, ${paperName(options.paper)}`)
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  drawBatchRecord(doc, await batchRecordFonts(doc), trace, options)
  return doc.save()
}

/** 'Evening Calm', '261127-1' → 'evening-calm-261127-1-batch-record.pdf' ('…-chargenprotokoll.pdf' in German). */
export const batchRecordFileName = (trace: BatchTrace): string =>
  pdfFileName(`${trace.blend.name} ${trace.batch.code}`, fileWord('pdf.file.batchRecord'), fileWord('pdf.file.blend'))
