/**
 * The words of the PDFs the client makes (issue 37; decision 105): the recipe card, the batch
 * record, the recall list, the safety assessor pack and the QR code sheet, in the interface's
 * language. A catalog section of its own (`pdf.json`), registered when a PDF module loads (each is
 * loaded on a press, never with a page), so none of these words is in the entry. The label sheet
 * keeps its own words: it is in the market's language (decision 099).
 */
import { i18n } from '@lingui/core'
import english from '#client/locales/en/pdf.json?lingui'
import { currentLanguage, registerSection, sectionsReady } from '#client/lib/i18n.ts'
import type { Language } from '#shared/i18n/languages.ts'

registerSection('pdf', english, {
  de: () => import('#client/locales/de/pdf.json?lingui'),
  fr: () => import('#client/locales/fr/pdf.json?lingui'),
  es: () => import('#client/locales/es/pdf.json?lingui'),
  it: () => import('#client/locales/it/pdf.json?lingui'),
})

/**
 * Resolves once the PDFs' words, and those of every other section a PDF reads (the families and
 * effects), are in for the language shown now: a PDF is built after awaiting it.
 */
export const pdfWordsReady = (): Promise<void> => sectionsReady()

/** A PDF's message in the language shown. */
export const pdfText = (id: string, values?: Record<string, unknown>): string => i18n._(id, values)

/** A message the catalogs may not hold (a product type or a kind the code does not know yet): `fallback` then. */
export function pdfTextOr(id: string, fallback: string, values?: Record<string, unknown>): string {
  const text = i18n._(id, values)
  return text === id ? fallback : text
}

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' }

/** The Intl locale of the language shown: British English for English, as the PDFs always wrote. */
export const pdfLocale = (): string => LOCALES[currentLanguage()]

/**
 * A number with at most `digits` decimals, no trailing zeros, no grouping: '12.5' in English as
 * before, '12,5' with the decimal comma German, French, Spanish and Italian write.
 */
export function pdfNumber(value: number, digits = 2): string {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits
  if (currentLanguage() === 'en') return String(rounded)
  return new Intl.NumberFormat(pdfLocale(), { maximumFractionDigits: digits, useGrouping: false }).format(rounded)
}

/**
 * A day the API gives as '2026-11-20': as it is in English (the records always printed it so),
 * '20.11.2026' in German, '20/11/2026' in French, Spanish and Italian. Never moved by a time zone;
 * anything that is not such a day is printed as it came.
 */
export function pdfDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.slice(0, 10))
  if (currentLanguage() === 'en' || !match) return day
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  return new Intl.DateTimeFormat(pdfLocale(), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  )
}

/**
 * A name put inside a sentence ("batches as lotion / cream"): lower case as English writes it,
 * and French, Spanish and Italian; German keeps its nouns' capitals.
 */
export const inSentence = (name: string): string => (currentLanguage() === 'de' ? name : name.toLocaleLowerCase(pdfLocale()))

/** A word of a file name, ASCII-safe: 'Chargenprotokoll' → 'chargenprotokoll'. */
export function fileWord(id: string): string {
  return pdfText(id)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
