import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { pdfFileName, printable, wrapText } from '#client/lib/pdf-text.ts'
import { fileWord, pdfLocale, pdfText as t, pdfTextOr, pdfWordsReady } from '#client/lib/pdf-words.ts'
import { currentLanguage } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { vocabularyReady } from '#client/lib/vocabulary-words.ts'

/**
 * A one-page recipe card for a blend, as PDF bytes (docs/product.md "Spec defects we fix": Export PDF
 * produces a real PDF). Only the Export button loads this module, and pdf-lib with it: no page
 * downloads it up front. Standard PDF fonts only, so nothing is fetched while it runs. Written in
 * the interface's language (decision 105): its words from the `pdf` section, the families and
 * effects from `vocab`, the oils' names through oilName (the caller gives them), the date by Intl.
 */

// The families' and effects' names: registered with this module, in before a card is built.
void vocabularyReady

export interface RecipeLayer {
  layer: NoteType
  percentage: number
  name: string
  latinName: string
  scentFamily: string
  /** A layer holding an accord (one of the maker's saved blends, used whole): the card says so in its language. */
  accord?: boolean
}

export interface RecipeCard {
  name: string
  /** The saved blend's reference (e.g. 003a); null for a blend not saved yet, which the card says. */
  reference: string | null
  layers: RecipeLayer[]
  effects: string[]
  /** The scent profile's sentence as the summary writes it in English (#shared/domain/blend-properties.ts). */
  scentProfile: string | null
  /** The three layers' families, top to base: another language writes the profile from them. */
  families?: readonly [string, string, string] | null
  notes: string
  date: Date
}

/** What the card prints in place of a reference: the server assigns one on save, so none is guessed. */
export const notSavedYet = (): string => t('pdf.recipe.notSaved')

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const INK = rgb(0.114, 0.149, 0.133)
const MUTED = rgb(0.353, 0.384, 0.365)
const RULE = rgb(0.894, 0.863, 0.804)
const PRIMARY = rgb(0.122, 0.302, 0.227)
const LAYER_COLOURS: Record<NoteType, RGB> = {
  Top: rgb(0.361, 0.616, 0.478),
  Middle: rgb(0.184, 0.478, 0.345),
  Base: rgb(0.122, 0.302, 0.227),
}

interface Fonts {
  regular: PDFFont
  bold: PDFFont
  italic: PDFFont
  serif: PDFFont
}

/** '12 March 2025', '12. März 2025', '12 mars 2025': the day in words, in the language shown. */
export function formatRecipeDate(date: Date): string {
  return new Intl.DateTimeFormat(pdfLocale(), { day: 'numeric', month: 'long', year: 'numeric' }).format(date)
}

/** 'Evening Calm' → 'evening-calm-recipe.pdf' ('evening-calm-rezept.pdf' in German). */
export const recipeFileName = (name: string): string => pdfFileName(name, fileWord('pdf.file.recipe'), fileWord('pdf.file.blend'))

/** A scent family's or effect's name in the language shown; one the catalogs do not know as it is. */
const familyName = (family: string) => pdfTextOr(`vocab.family.${family}`, family)
const effectName = (effect: string) => pdfTextOr(`vocab.effect.${effect}`, effect)

/**
 * The scent profile's sentence in a language other than English, from the three layers' families
 * (English keeps the sentence #shared/domain/blend-properties.ts writes, with its articles): null
 * when the blend has no three oils.
 */
function scentProfileIn(families: readonly [string, string, string] | null): string | null {
  if (!families) return null
  const [top, heart, base] = families.map(familyName) as [string, string, string]
  return top === heart && heart === base ? t('pdf.recipe.profileSame', { family: top }) : t('pdf.recipe.profile', { top, heart, base })
}

const upper = (text: string) => text.toLocaleUpperCase(pdfLocale())

class Writer {
  y: number
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {
    this.y = page.getHeight() - MARGIN
  }

  get width() {
    return this.page.getWidth() - 2 * MARGIN
  }

  text(text: string, options: { font?: PDFFont; size?: number; color?: RGB; x?: number; y?: number }) {
    const font = options.font ?? this.fonts.regular
    this.page.drawText(printable(font, text), {
      x: options.x ?? MARGIN,
      y: options.y ?? this.y,
      size: options.size ?? 11,
      font,
      color: options.color ?? INK,
    })
  }

  rightText(text: string, options: { font?: PDFFont; size?: number; color?: RGB; y?: number }) {
    const font = options.font ?? this.fonts.regular
    const size = options.size ?? 11
    const safe = printable(font, text)
    this.text(safe, { ...options, x: MARGIN + this.width - font.widthOfTextAtSize(safe, size) })
  }

  /** Wrapped text from the current line down; stops (with an ellipsis) above `floor`. */
  paragraph(text: string, options: { font?: PDFFont; size?: number; color?: RGB; floor?: number }) {
    const font = options.font ?? this.fonts.regular
    const size = options.size ?? 11
    const leading = size * 1.45
    const floor = options.floor ?? MARGIN
    const lines = wrapText(printable(font, text), this.width, (line) => font.widthOfTextAtSize(line, size))
    for (const [i, line] of lines.entries()) {
      const last = this.y - leading < floor
      if (last && i < lines.length - 1) {
        this.text(`${line.replace(/.{0,2}$/, '')}...`, { ...options, font, size })
        this.y -= leading
        return
      }
      this.text(line, { ...options, font, size })
      this.y -= leading
    }
  }

  rule(gap = 14) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.75,
      color: RULE,
    })
    this.y -= gap
  }

  heading(text: string) {
    this.text(upper(text), { font: this.fonts.bold, size: 9, color: PRIMARY })
    this.y -= 18
  }
}

function drawProportions(w: Writer, layers: RecipeLayer[]) {
  const height = 10
  let x = MARGIN
  const total = layers.reduce((sum, l) => sum + l.percentage, 0) || 1
  for (const layer of layers) {
    const width = (w.width * layer.percentage) / total
    w.page.drawRectangle({ x, y: w.y, width: Math.max(width - 2, 0), height, color: LAYER_COLOURS[layer.layer] })
    x += width
  }
  w.y -= 26
}

function drawLayer(w: Writer, layer: RecipeLayer) {
  const top = w.y
  w.page.drawRectangle({ x: MARGIN, y: top - 40, width: 4, height: 46, color: LAYER_COLOURS[layer.layer] })
  const x = MARGIN + 16
  w.text(upper(t('pdf.recipe.note', { layer: layer.layer })), { x, font: w.fonts.bold, size: 8.5, color: MUTED })
  w.rightText(shownPercent(layer.percentage), { font: w.fonts.serif, size: 22, color: PRIMARY, y: top - 22 })
  w.y -= 17
  w.text(layer.accord ? layer.name : oilName(layer.name), { x, font: w.fonts.bold, size: 14 })
  w.y -= 15
  const latin = layer.accord ? t('pdf.recipe.accordUsedWhole') : layer.latinName
  const family = layer.accord ? t('pdf.recipe.accordFamily') : familyName(layer.scentFamily)
  w.text(`${latin}  ·  ${family}`, { x, font: w.fonts.italic, size: 10, color: MUTED })
  w.y = top - 62
}

export async function buildRecipePdf(card: RecipeCard): Promise<Uint8Array> {
  await pdfWordsReady()
  const doc = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    serif: await doc.embedFont(StandardFonts.TimesRomanBold),
  }
  const title = card.name.trim() || t('pdf.recipe.untitled')
  doc.setTitle(title)
  doc.setSubject(t('pdf.recipe.subject'))
  doc.setAuthor('Accord')
  doc.setCreator('Accord')
  doc.setProducer('Accord')
  doc.setCreationDate(card.date)

  const w = new Writer(doc.addPage(A4), fonts)
  const date = formatRecipeDate(card.date)

  // Masthead: the wordmark and what this is.
  w.text('Accord', { font: fonts.serif, size: 20, color: PRIMARY })
  w.rightText(upper(t('pdf.recipe.kind')), { font: fonts.bold, size: 9, color: MUTED, y: w.y + 5 })
  w.y -= 16
  w.rule(36)

  // The blend
  w.paragraph(title, { font: fonts.serif, size: 28, floor: 600 })
  w.y += 6
  const meta = [card.reference ? t('pdf.recipe.reference', { reference: card.reference }) : notSavedYet(), date].join('   ·   ')
  w.text(meta, { size: 10.5, color: MUTED })
  w.y -= 34

  w.heading(t('pdf.recipe.composition'))
  drawProportions(w, card.layers)
  for (const layer of card.layers) drawLayer(w, layer)
  w.y -= 6
  w.rule(26)

  w.heading(t('pdf.recipe.properties'))
  const label = (text: string) => w.text(text, { font: fonts.bold, size: 10.5 })
  // The values start past the longest label (German and Italian labels are longer than English's).
  const labels = [t('pdf.recipe.effects'), ...(card.scentProfile ? [t('pdf.recipe.scentProfile')] : [])]
  const column = MARGIN + Math.max(92, ...labels.map((text) => fonts.bold.widthOfTextAtSize(printable(fonts.bold, text), 10.5) + 12))
  label(t('pdf.recipe.effects'))
  w.text(card.effects.length > 0 ? card.effects.map(effectName).join(', ') : '-', { x: column, size: 10.5 })
  w.y -= 18
  const profile =
    currentLanguage() === 'en' || !card.scentProfile ? card.scentProfile : (scentProfileIn(card.families ?? null) ?? card.scentProfile)
  if (profile) {
    label(t('pdf.recipe.scentProfile'))
    w.text(profile, { x: column, size: 10.5 })
    w.y -= 18
  }
  w.y -= 10
  w.rule(26)

  w.heading(t('pdf.recipe.notes'))
  if (card.notes.trim()) w.paragraph(card.notes.trim(), { size: 10.5, floor: MARGIN + 48 })
  else w.text(t('pdf.recipe.noNotes'), { font: fonts.italic, size: 10.5, color: MUTED })

  // Footer
  w.y = MARGIN + 18
  w.rule(14)
  w.text(t('pdf.recipe.madeWith', { date }), { size: 8.5, color: MUTED })
  w.rightText(t('pdf.recipe.dilute'), { size: 8.5, color: MUTED })

  return doc.save()
}
