import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import { pdfFileName, printable, wrapText } from '#client/lib/pdf-text.ts'
import { drawQrCode, MIN_QR_MM } from '#client/lib/qr/qr-pdf.ts'
import { LABEL_SHEETS, MIN_LABEL_FONT_PT, type LabelSheetId } from '#client/features/labels/lib/label-sheets.ts'
import { LABEL_TEXTS } from '#client/features/labels/lib/label-texts.ts'
import {
  labelParagraphs,
  labelTitle,
  type LabelParagraph,
  type LabelSheetContent,
  type ParagraphStyle,
} from '#client/features/labels/lib/label-sheet-text.ts'

export type { LabelSheetContent } from '#client/features/labels/lib/label-sheet-text.ts'

/**
 * The label sheet as PDF bytes (docs/product.md "The allergen screens"): the same
 * label in every place of the chosen sheet, its paragraphs those of labelParagraphs (the screen's
 * preview prints the same). Only "Print label sheet" loads this module, and
 * pdf-lib with it. The text is wrapped and shrunk until it fits, down to MIN_LABEL_FONT_PT; below
 * that nothing is cut: the answer says it does not fit, and no PDF is made.
 */

export type LabelSheetResult =
  { fits: true; bytes: Uint8Array; fontSize: number; labels: number; qrCode: QrPlacement } | { fits: false; fontSize: number }

/**
 * The batch's QR code on each label (docs/product.md "QR codes at the bench"): 'printed', 'none'
 * when the label has no batch to point to, or 'no-room' when the text, at the smallest size, left
 * too little room beside it; the text is never cut for the code.
 */
export type QrPlacement = 'printed' | 'none' | 'no-room'

/** The code's side on a label: at most 30 mm, a third of the label's width, its height; never under MIN_QR_MM. */
function qrSideMm(innerWidth: number, innerHeight: number): number | null {
  const side = Math.min(30, innerWidth / 3, innerHeight)
  return side >= MIN_QR_MM ? side : null
}
/** Blank space between the text and the code. */
const QR_GAP_MM = 1.5

const MM = 72 / 25.4
const INK = rgb(0, 0, 0)
const WARN = rgb(0.6, 0.1, 0.05)
const LEADING = 1.22

interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

/** One paragraph as drawn: its text, and its weight, colour and size relative to the body size. */
interface Paragraph {
  lead: string
  text: string
  bold?: boolean
  colour?: typeof INK
  scale?: number
}

const STYLES: Record<ParagraphStyle, Omit<Paragraph, 'lead' | 'text'>> = {
  title: { bold: true, scale: 1.35 },
  meta: { scale: 0.9 },
  warning: { colour: WARN },
  body: {},
  small: { scale: 0.85 },
}

interface Laid {
  paragraphs: { paragraph: Paragraph; size: number; lines: string[] }[]
  height: number
}

function paragraphsOf(content: LabelSheetContent): Paragraph[] {
  return labelParagraphs(content).map((p: LabelParagraph) => ({ lead: p.lead, text: p.text, ...STYLES[p.style] }))
}

/** Lays out the paragraphs at body size `size` in `width`; the height they take. */
function layOut(paragraphs: Paragraph[], fonts: Fonts, size: number, width: number): Laid {
  let height = 0
  const laid = paragraphs.map((paragraph, index) => {
    const at = size * (paragraph.scale ?? 1)
    const font = paragraph.bold ? fonts.bold : fonts.regular
    const lead = paragraph.lead ? `${paragraph.lead} ` : ''
    const leadWidth = paragraph.lead ? fonts.bold.widthOfTextAtSize(printable(fonts.bold, lead), at) : 0
    const text = printable(font, `${lead}${paragraph.text}`)
    // The first line starts with the lead-in, which is drawn bold.
    const measure = (line: string) =>
      lead && line.startsWith(lead.trimEnd())
        ? leadWidth + font.widthOfTextAtSize(line.slice(lead.length), at)
        : font.widthOfTextAtSize(line, at)
    const lines = wrapText(text, width, measure)
    height += lines.length * at * LEADING + (index > 0 ? at * 0.35 : 0)
    return { paragraph, size: at, lines }
  })
  return { paragraphs: laid, height }
}

function drawLabel(page: PDFPage, fonts: Fonts, laid: Laid, x: number, top: number) {
  let y = top
  laid.paragraphs.forEach(({ paragraph, size, lines }, index) => {
    if (index > 0) y -= size * 0.35
    const font = paragraph.bold ? fonts.bold : fonts.regular
    const colour = paragraph.colour ?? INK
    lines.forEach((line, i) => {
      y -= size * LEADING
      const baseline = y + size * (LEADING - 1) + size * 0.2
      if (i === 0 && paragraph.lead && line.startsWith(paragraph.lead)) {
        const lead = printable(fonts.bold, paragraph.lead)
        page.drawText(lead, { x, y: baseline, size, font: fonts.bold, color: colour })
        const rest = line.slice(paragraph.lead.length)
        page.drawText(rest, { x: x + fonts.bold.widthOfTextAtSize(lead, size), y: baseline, size, font, color: colour })
      } else {
        page.drawText(line, { x, y: baseline, size, font, color: colour })
      }
    })
  })
}

/** 'Evening Calm' → 'evening-calm-labels.pdf'. */
export const labelFileName = (name: string): string => pdfFileName(name, 'labels')

/** The sheet of labels, or `fits: false` when the text does not fit one label at the smallest size. */
export async function buildLabelSheet(content: LabelSheetContent, sheetId: LabelSheetId): Promise<LabelSheetResult> {
  const sheet = LABEL_SHEETS.find((s) => s.id === sheetId)!
  const doc = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  const innerWidth = sheet.label.width - 2 * sheet.padding
  const height = (sheet.label.height - 2 * sheet.padding) * MM
  const paragraphs = paragraphsOf(content)

  /** The largest body size, in quarter points, at which everything fits in `width`. */
  const fit = (width: number) => {
    let size: number = sheet.fontSize
    let laid = layOut(paragraphs, fonts, size, width)
    while (laid.height > height && size > MIN_LABEL_FONT_PT) {
      size = Math.max(MIN_LABEL_FONT_PT, size - 0.25)
      laid = layOut(paragraphs, fonts, size, width)
    }
    return { size, laid, fits: laid.height <= height }
  }

  // The code takes a column at the label's right when the text still fits beside it.
  const qrSide = content.qrUrl ? qrSideMm(innerWidth, sheet.label.height - 2 * sheet.padding) : null
  const withQr = qrSide === null ? null : fit((innerWidth - qrSide - QR_GAP_MM) * MM)
  const chosen = withQr?.fits ? withQr : fit(innerWidth * MM)
  const qrCode: QrPlacement = !content.qrUrl ? 'none' : withQr?.fits ? 'printed' : 'no-room'
  const { size, laid } = chosen
  if (!chosen.fits) return { fits: false, fontSize: size }

  doc.setTitle(`${labelTitle(content)}: ${LABEL_TEXTS[content.language ?? 'en'].labels}`)
  doc.setSubject(`Labels, ${sheet.name}`)
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  const page = doc.addPage([sheet.page.width * MM, sheet.page.height * MM])
  const pageHeight = sheet.page.height * MM
  for (let row = 0; row < sheet.rows; row++) {
    for (let column = 0; column < sheet.columns; column++) {
      const left = (sheet.left + column * sheet.pitch.x) * MM
      const top = pageHeight - (sheet.top + row * sheet.pitch.y) * MM
      drawLabel(page, fonts, laid, left + sheet.padding * MM, top - sheet.padding * MM)
      if (qrCode === 'printed' && content.qrUrl && qrSide !== null) {
        const right = left + (sheet.label.width - sheet.padding) * MM
        drawQrCode(page, content.qrUrl, right - qrSide * MM, top - sheet.padding * MM, qrSide * MM)
      }
    }
  }
  return { fits: true, bytes: await doc.save(), fontSize: size, labels: sheet.rows * sheet.columns, qrCode }
}
