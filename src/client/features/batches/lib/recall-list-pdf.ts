import { PDFDocument } from '@cantoo/pdf-lib'
import type { BottleDocument } from '#shared/api/documents.ts'
import type { BottleTrace, LotBatch } from '#shared/api/trace.ts'
import { DOCUMENT_KIND_LABELS } from '#shared/domain/document-kinds.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { pdfFileName, printable } from '#client/lib/pdf-text.ts'
import { batchRecordFonts, MARGIN, MUTED, PAPER_SIZES, SMALL, Writer, type PaperSize } from '#client/lib/batch-record-pdf.ts'
import { formatNumber as num } from '#client/lib/trace-format.ts'

/**
 * The recall list (issue 36: "A recall view lists, for a lot, the batches and how much of each was
 * made"; docs/product.md "Batches that can be traced"; decision 086): one lot and every batch that
 * drew from it, on A4 or Letter, drawn on the device with the batch record's writer and fonts. Only
 * the bottle page's "Print recall list" loads this module, once every page of batches is read.
 */

export type RecallList = { lot: BottleTrace['lot']; documents: BottleDocument[]; batchCount: number; batches: LotBatch[] }

const productOf = (id: string) => productTypeById(id)?.label ?? id

/** The amounts made, summed per unit (a lot may have gone into soap in g and a spray in oz). */
function totalsByUnit(batches: readonly LotBatch[], amount: (b: LotBatch) => [number, string]): string {
  const sums = new Map<string, number>()
  for (const b of batches) {
    const [value, unit] = amount(b)
    sums.set(unit, (sums.get(unit) ?? 0) + value)
  }
  return sums.size === 0 ? 'none' : [...sums].map(([unit, value]) => `${num(value)} ${unit}`).join(' + ')
}

export async function buildRecallList(list: RecallList, options: { paper: PaperSize; printedOn: string }): Promise<Uint8Array> {
  const { lot, documents, batches } = list
  const doc = await PDFDocument.create()
  const name = lot.lotCode ? `${lot.oilName}, lot ${lot.lotCode}` : `${lot.oilName} bottle`
  doc.setTitle(`Recall list: ${name}`)
  doc.setSubject(PAPER_SIZES[options.paper].label)
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  const fonts = await batchRecordFonts(doc)
  const w = new Writer(doc, fonts, PAPER_SIZES[options.paper], `Recall list: ${name} (continued)`)

  w.text('Recall list', { size: 18, bold: true })
  w.gap(4)
  w.text(name, { size: 13, bold: true })
  w.gap(4)
  w.text(`Oil: ${lot.oilName}`)
  w.text(`Lot code: ${lot.lotCode ?? 'Not recorded'}`)
  w.text(`Supplier: ${lot.supplier ?? 'Not recorded'}`)
  w.text(`Purchased: ${lot.purchasedOn ?? 'Not recorded'}`)
  if (lot.openedOn) w.text(`Opened: ${lot.openedOn}`)
  w.text(`Best before: ${lot.bestBefore ?? 'Not recorded'}`)

  w.heading('Documents on file')
  if (documents.length === 0) w.text('No documents are attached to this bottle.', { color: MUTED })
  for (const d of documents) w.text(`${DOCUMENT_KIND_LABELS[d.kind]}: ${d.fileName}`)

  w.heading('Batches made with this lot')
  if (batches.length === 0) w.text('No batch has drawn from this lot.', { color: MUTED })
  else
    w.table(
      [
        { title: 'Batch code', width: 16 },
        { title: 'Made on', width: 14 },
        { title: 'Blend and version', width: 26 },
        { title: 'Product', width: 16 },
        { title: 'Batch size', width: 14, align: 'right' },
        { title: 'Drawn from this lot', width: 16, align: 'right' },
      ],
      batches.map((b) => [
        b.code,
        b.madeOn,
        `${b.blendName} ${b.reference}`,
        productOf(b.productType),
        `${num(b.weight)} ${b.unit}${b.units ? `, ${b.units} units` : ''}`,
        `${num(b.lotAmount)} ${b.lotUnit}`,
      ]),
    )

  w.heading('Totals')
  w.text(`Batches: ${batches.length}`)
  w.text(`Product made: ${totalsByUnit(batches, (b) => [b.weight, b.unit])}`)
  w.text(`Drawn from this lot: ${totalsByUnit(batches, (b) => [b.lotAmount, b.lotUnit])}`)
  if (list.batchCount !== batches.length)
    w.text(`Only ${batches.length} of the lot's ${list.batchCount} batches could be read: print again to list them all.`, { bold: true })

  w.pages.forEach((page, i) => {
    const foot = printable(
      fonts.regular,
      `Recall list ${name} · Accord · Printed ${options.printedOn} · Page ${i + 1} of ${w.pages.length}`,
    )
    page.drawText(foot, { x: MARGIN, y: MARGIN - SMALL, size: SMALL, font: fonts.regular, color: MUTED })
  })
  return doc.save()
}

/** 'Lavender', 'LAV-0425' → 'lavender-lav-0425-recall-list.pdf'. */
export const recallListFileName = (lot: BottleTrace['lot']): string =>
  pdfFileName(`${lot.oilName} ${lot.lotCode ?? lot.bottleId}`, 'recall-list')
