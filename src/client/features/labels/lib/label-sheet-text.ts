import type { WeightUnit } from '#shared/domain/units.ts'
import type { Language } from '#shared/i18n/languages.ts'
import { LABEL_TEXTS, PRECAUTION_IDS, labelFunction, type PrecautionId } from '#client/features/labels/lib/label-texts.ts'

/**
 * What every label of a sheet says, paragraph by paragraph (docs/product.md "The allergen screens").
 * The screen's sheet preview and the PDF both print `labelParagraphs`, so the two cannot differ; a
 * test reads the PDF back with pdftotext and compares. No pdf-lib here: the screen loads this.
 */

/** The periods after opening offered, in months, as the open-jar symbol prints them ("12M"). */
export const PAO_CHOICES = ['3M', '6M', '9M', '12M', '18M', '24M', '36M'] as const
export type Pao = (typeof PAO_CHOICES)[number]
/** Most emulsions and balms keep about a year opened; the maker changes it for their product. */
export const DEFAULT_PAO: Pao = '12M'

export interface LabelSheetContent {
  /** The blend's name. */
  title: string
  productLabel: string
  /** The usage guide's product type the label was computed for: its function prints in the label's language. */
  productType?: string | undefined
  /** The language of the market where the product is sold (decision 099); English when not given. */
  language?: Language | undefined
  /** The precautions the maker chose, printed in the label's language in PRECAUTION_IDS' order. */
  precautions?: readonly PrecautionId[] | undefined
  /** The batch's code (261127-1); null for a batch not yet recorded. */
  batchCode: string | null
  /** The nominal quantity of one container: "50 g". */
  nominal: Nominal
  ingredientText: string
  /** The allergen line: what must be declared, in the ingredient list's order (allergenLine). */
  allergens: string[]
  /** The responsible person's name and address, from the account; null when not given. */
  responsible: { name: string; address: string } | null
  pao: Pao
  /** False when a bottle had no declaration or an oil was not on the shelf. */
  declarationsComplete: boolean
  /** The batch's QR code: the address of its page (docs/product.md "QR codes at the bench"); none for a batch not yet recorded. */
  qrUrl?: string | null | undefined
}

export type ParagraphStyle = 'title' | 'meta' | 'warning' | 'body' | 'small'

/** One paragraph: a bold lead-in ("Ingredients:") and the text after it. */
export interface LabelParagraph {
  lead: string
  text: string
  style: ParagraphStyle
}

/** What a label lacks before it can go on a jar, in `language` (English unless given); empty when nothing. */
export function labelGaps(
  content: Pick<LabelSheetContent, 'batchCode' | 'responsible' | 'declarationsComplete'>,
  language: Language = 'en',
): string[] {
  const { gaps: words } = LABEL_TEXTS[language]
  const gaps: string[] = []
  if (!content.declarationsComplete) gaps.push(words.declarations)
  if (!content.responsible) gaps.push(words.responsible)
  if (!content.batchCode) gaps.push(words.batchCode)
  return gaps
}

/**
 * The nominal quantity of one container: the batch's weight shared by its units (10 jars of a
 * 500 g batch hold 50 g each), or the whole batch when no units were given, in the batch's unit.
 */
export function nominalQuantity(weight: number, unit: WeightUnit, units: number | null): Nominal {
  const each = units !== null && units > 0 ? weight / units : weight
  // The same digits on the screen and on paper, whatever the browser's language.
  const digits = each < 10 ? 2 : each < 100 ? 1 : 0
  return { amount: Number(each.toFixed(digits)), unit }
}

/** One container's nominal quantity: its amount, already rounded as printed, and its unit. */
export interface Nominal {
  amount: number
  unit: string
}

/**
 * "50 g" as the label's language writes it: "12.5 g" in English, "12,5 g" with a decimal comma in
 * German, French, Spanish and Italian; no thousands separator, the digits nominalQuantity kept.
 */
export function nominalText(nominal: Nominal, language: Language = 'en'): string {
  const amount =
    language === 'en'
      ? String(nominal.amount)
      : new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 }).format(nominal.amount)
  return `${amount} ${nominal.unit}`
}

/** "Ana Maker, 1 Rue des Fleurs, 75001 Paris, France": the address's lines on one line. */
export const responsibleLine = (responsible: { name: string; address: string }): string =>
  [responsible.name, ...responsible.address.split(/\r?\n/)]
    .map((part) => part.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ')

/** The blend's name as the label prints it, in the label's language when it has none. */
export const labelTitle = (content: Pick<LabelSheetContent, 'title' | 'language'>): string =>
  content.title.trim() || LABEL_TEXTS[content.language ?? 'en'].untitled

/**
 * The label's paragraphs in its language (decision 099): the function, nominal quantity,
 * precautions, batch and period after opening in the market's language; the ingredient list and the
 * allergens' INCI names as they are.
 */
export function labelParagraphs(content: LabelSheetContent): LabelParagraph[] {
  const language = content.language ?? 'en'
  const words = LABEL_TEXTS[language]
  const productFunction = labelFunction(language, content.productType, content.productLabel)
  const list: LabelParagraph[] = [
    { lead: '', text: labelTitle(content), style: 'title' },
    { lead: '', text: `${productFunction}  ·  ${nominalText(content.nominal, language)}`, style: 'meta' },
  ]
  const gaps = labelGaps(content, language)
  if (gaps.length > 0) list.push({ lead: words.incomplete, text: `${gaps.join('; ')}. ${words.notForSale}`, style: 'warning' })
  list.push({ lead: words.ingredients, text: content.ingredientText.trim() || '-', style: 'body' })
  if (content.allergens.length > 0) list.push({ lead: words.allergens, text: `${content.allergens.join(', ')}.`, style: 'body' })
  const precautions = PRECAUTION_IDS.filter((id) => content.precautions?.includes(id))
  if (precautions.length > 0) {
    list.push({ lead: words.precautions, text: precautions.map((id) => words.precaution[id]).join(' '), style: 'body' })
  }
  list.push({ lead: words.batch, text: `${content.batchCode ?? '-'}  ·  ${words.afterOpening} ${content.pao}`, style: 'body' })
  if (content.responsible) list.push({ lead: '', text: responsibleLine(content.responsible), style: 'small' })
  return list
}
