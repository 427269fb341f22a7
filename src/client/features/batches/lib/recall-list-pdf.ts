import { PDFDocument } from '@cantoo/pdf-lib'
import type { BottleDocument } from '#shared/api/documents.ts'
import type { BottleTrace, LotBatch } from '#shared/api/trace.ts'
import { DOCUMENT_KIND_LABELS } from '#shared/domain/document-kinds.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { pdfFileName, printable } from '#client/lib/pdf-text.ts'
import { fileWord, pdfDay as day, pdfNumber as num, pdfText as t, pdfTextOr, pdfWordsReady } from '#client/lib/pdf-words.ts'
import {
  batchRecordFonts,
  MARGIN,
  MUTED,
  PAPER_SIZES,
  paperName,
  productName,
  SMALL,
  Writer,
  type PaperSize,
} from '#client/lib/batch-record-pdf.ts'

/**
 * The recall list (issue 36: "A recall view lists, for a lot, the batches and how much of each was
 * made"; docs/product.md "Batches that can be traced"; decision 086): one lot and every batch that
 * drew from it, on A4 or Letter, drawn on the device with the batch record's writer and fonts. Only
 * the bottle page's "Print recall list" loads this module, once every page of batches is read. In
 * the interface's language (decision 105), its words from the `pdf` section.
 */

export type RecallList = { lot: BottleTrace['lot']; documents: BottleDocument[]; batchCount: number; batches: LotBatch[] }

/** The amounts made, summed per unit (a lot may have gone into soap in g and a spray in oz). */
function totalsByUnit(batches: readonly LotBatch[], amount: (b: LotBatch) => [number, string]): string {
  const sums = new Map<string, number>()
  for (const b of batches) {
    const [value, unit] = amount(b)
    sums.set(unit, (sums.get(unit) ?? 0) + value)
  }
  return sums.size === 0 ? t('pdf.none') : [...sums].map(([unit, value]) => `${num(value)} ${unit}`).join(' + ')
}

export async function buildRecallList(list: RecallList, options: { paper: PaperSize; printedOn: string }): Promise<Uint8Array> {
  await pdfWordsReady()
  const { lot, documents, batches } = list
  const doc = await PDFDocument.create()
  const oil = oilName(lot.oilName)
  const name = lot.lotCode ? t('pdf.recall.lot', { oil, lot: lot.lotCode }) : t('pdf.recall.bottle', { oil })
  doc.setTitle(t('pdf.recall.docTitle', { name }))
  doc.setSubject(paperName(options.paper))
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  const fonts = await batchRecordFonts(doc)
  const w = new Writer(doc, fonts, PAPER_SIZES[options.paper], t('pdf.recall.continued', { name }))
  const notRecorded = t('pdf.notRecorded')

  w.text(t('pdf.recall.title'), { size: 18, bold: true })
  w.gap(4)
  w.text(name, { size: 13, bold: true })
  w.gap(4)
  w.text(t('pdf.recall.oil', { oil }))
  w.text(t('pdf.recall.lotCode', { code: lot.lotCode ?? notRecorded }))
  w.text(t('pdf.recall.supplier', { supplier: lot.supplier ?? notRecorded }))
  w.text(t('pdf.recall.purchased', { day: lot.purchasedOn ? day(lot.purchasedOn) : notRecorded }))
  if (lot.openedOn) w.text(t('pdf.recall.opened', { day: day(lot.openedOn) }))
  w.text(t('pdf.recall.bestBefore', { day: lot.bestBefore ? day(lot.bestBefore) : notRecorded }))

  w.heading(t('pdf.recall.documents.heading'))
  if (documents.length === 0) w.text(t('pdf.recall.documents.none'), { color: MUTED })
  for (const d of documents)
    w.text(t('pdf.recall.document', { kind: pdfTextOr(`pdf.documentKind.${d.kind}`, DOCUMENT_KIND_LABELS[d.kind]), file: d.fileName }))

  w.heading(t('pdf.recall.made.heading'))
  if (batches.length === 0) w.text(t('pdf.recall.made.none'), { color: MUTED })
  else
    w.table(
      [
        { title: t('pdf.recall.column.batchCode'), width: 16 },
        { title: t('pdf.recall.column.madeOn'), width: 14 },
        { title: t('pdf.recall.column.blend'), width: 26 },
        { title: t('pdf.recall.column.product'), width: 16 },
        { title: t('pdf.recall.column.size'), width: 14, align: 'right' },
        { title: t('pdf.recall.column.drawn'), width: 16, align: 'right' },
      ],
      batches.map((b) => [
        b.code,
        day(b.madeOn),
        `${b.blendName} ${b.reference}`,
        productName(b.productType),
        `${num(b.weight)} ${b.unit}${b.units ? t('pdf.record.weights.units', { count: b.units }) : ''}`,
        `${num(b.lotAmount)} ${b.lotUnit}`,
      ]),
    )

  w.heading(t('pdf.recall.totals'))
  w.text(t('pdf.recall.batches', { count: batches.length }))
  w.text(t('pdf.recall.made', { totals: totalsByUnit(batches, (b) => [b.weight, b.unit]) }))
  w.text(t('pdf.recall.drawn', { totals: totalsByUnit(batches, (b) => [b.lotAmount, b.lotUnit]) }))
  if (list.batchCount !== batches.length) w.text(t('pdf.recall.partial', { read: batches.length, count: list.batchCount }), { bold: true })

  w.pages.forEach((page, i) => {
    const foot = printable(fonts.regular, t('pdf.recall.foot', { name, day: day(options.printedOn), page: i + 1, pages: w.pages.length }))
    page.drawText(foot, { x: MARGIN, y: MARGIN - SMALL, size: SMALL, font: fonts.regular, color: MUTED })
  })
  return doc.save()
}

/** 'Lavender', 'LAV-0425' → 'lavender-lav-0425-recall-list.pdf' ('lavendel-lav-0425-rueckrufliste.pdf' in German). */
export const recallListFileName = (lot: BottleTrace['lot']): string =>
  pdfFileName(`${oilName(lot.oilName)} ${lot.lotCode ?? lot.bottleId}`, fileWord('pdf.file.recallList'), fileWord('pdf.file.blend'))
