/**
 * The API's messages in the reader's language (issue 37, decision 100). The code answers in English,
 * as the spec words it; the error handler gives each message (and each place's in `details`) its
 * words in the language the request asks for. The `code` never changes, so a client that reads the
 * code reads the same in every language.
 *
 * The words are kept by the English message's template (`{0}` for what it names), in
 * `api-texts/<lang>.ts`; `extract-messages.ts` reads every template from the source, and
 * `api-messages.test.ts` fails when a language lacks one or changes its placeholders.
 */
import { acceptLanguageTags, DEFAULT_LANGUAGE, languageFromCookies, languageOf, type Language } from '#shared/i18n/languages.ts'
import de from '#server/i18n/api-texts/de.ts'
import es from '#server/i18n/api-texts/es.ts'
import fr from '#server/i18n/api-texts/fr.ts'
import it from '#server/i18n/api-texts/it.ts'

/** An English template and its words in one language, each `{n}` where the English has it. */
export type ApiTexts = Readonly<Record<string, string>>

export const API_TEXTS: Record<Exclude<Language, 'en'>, ApiTexts> = { de, fr, es, it }

/**
 * The language of an API request: the first of its Accept-Language tags that Accord speaks (Accord's
 * own client sends the interface's language there), else the device's cookie, else English.
 */
export function apiLanguage(acceptLanguage: string | string[] | undefined, cookieHeader: string | undefined): Language {
  const tags = acceptLanguageTags(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage)
  for (const tag of tags) {
    const language = languageOf(tag)
    if (language) return language
  }
  return languageFromCookies(cookieHeader) ?? DEFAULT_LANGUAGE
}

/** A place a message starts with ("body.name: ", "shelf[3].remaining: "), kept as it is. */
const PLACE = /^([\w[\]-]+(?:\.[\w[\]-]+)*): ([\s\S]*)$/

/** A message longer than this is not matched against the templates (it names a long value). */
const MAX_MATCHED_LENGTH = 2000

type Pattern = { regex: RegExp; template: string }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The templates that name something, as patterns, longest literal text first (the most specific). */
function patternsOf(texts: ApiTexts): Pattern[] {
  return Object.keys(texts)
    .filter((template) => /\{\d+\}/.test(template))
    .sort((a, b) => b.replace(/\{\d+\}/g, '').length - a.replace(/\{\d+\}/g, '').length)
    .map((template) => {
      const order: number[] = []
      const source = template
        .split(/(\{\d+\})/)
        .map((part) => {
          const placeholder = /^\{(\d+)\}$/.exec(part)
          if (!placeholder) return escapeRegExp(part)
          order.push(Number(placeholder[1]))
          return '([\\s\\S]+?)'
        })
        .join('')
      // The captures in the template's order, whatever the numbers say.
      return { regex: new RegExp(`^${source}$`), template, order } as Pattern & { order: number[] }
    })
}

const patterns = new Map<Exclude<Language, 'en'>, (Pattern & { order?: number[] })[]>()

function fill(words: string, values: readonly string[]): string {
  return words.replace(/\{(\d+)\}/g, (whole, n: string) => values[Number(n)] ?? whole)
}

/** One message's words, without a place before it; null when the language has none. */
function wordsOf(message: string, language: Exclude<Language, 'en'>): string | null {
  const texts = API_TEXTS[language]
  const exact = texts[message]
  if (exact !== undefined) return exact
  if (message.length > MAX_MATCHED_LENGTH) return null
  let list = patterns.get(language)
  if (!list) {
    list = patternsOf(texts)
    patterns.set(language, list)
  }
  for (const pattern of list) {
    const match = pattern.regex.exec(message)
    if (!match) continue
    const values: string[] = []
    ;(pattern.order ?? []).forEach((n, i) => {
      values[n] = match[i + 1]!
    })
    return fill(texts[pattern.template]!, values)
  }
  return null
}

/** A message of the API in `language`: its words there, the places it names kept; as it is when the language has none. */
export function translateApiMessage(message: string, language: Language): string {
  if (language === 'en') return message
  const words = wordsOf(message, language)
  if (words !== null) return words
  const placed = PLACE.exec(message)
  if (placed) {
    const rest = translateApiMessage(placed[2]!, language)
    if (rest !== placed[2]) return `${placed[1]}: ${rest}`
  }
  return message
}

/** An error's details in `language`: each place's message translated, anything else as it is. */
export function translateDetails(details: unknown, language: Language): unknown {
  if (language === 'en' || !Array.isArray(details)) return details
  return details.map((detail: unknown) =>
    detail !== null && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string'
      ? { ...detail, message: translateApiMessage((detail as { message: string }).message, language) }
      : detail,
  )
}
