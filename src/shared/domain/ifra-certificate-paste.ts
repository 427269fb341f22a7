import { IFRA_CATEGORIES, isIfraCategory, type IfraCategory, type IfraCertificateLimit, type IfraLimit } from '#shared/domain/ifra.ts'

/**
 * Reads an IFRA Certificate of Conformity pasted as text (docs/product.md "IFRA certificates";
 * decision 070), as the allergen declaration's reader does (decision 045): it reports what it could
 * not read, and never guesses.
 *
 * What it reads:
 * - a category's line: "Category 4 ... 1.25 %", "Category 5A: 0.30%", "Cat. 9 - 2,1 %", a table's
 *   row that starts with the category ("5A<tab>Body lotion ...<tab>0.61 %"), several categories
 *   sharing a figure ("Category 11A / 11B: 0.2 %");
 * - the figure at the line's end: a decimal point or comma, a percent sign or none, an upper bound
 *   ("max 1.2 %", "≤ 1.2", "< 1.2 %", "up to 1.2"), "No restriction", "Not restricted", "No limit",
 *   "Unrestricted", and "Prohibited" / "Not permitted" (0 %);
 * - the amendment ("51st Amendment", "Amendment 51", "Amendment No. 51") and the certificate's date
 *   on a line that says it is one ("Date: 14 March 2024", "Date of issue: 2024-03-14").
 *
 * What it leaves unread and lists (the line, its text and why) for the maker to resolve: a
 * category line without a figure it can read ("see note", "N/A"), a range ("0.2-0.4 %": a
 * certificate's limit is one figure, and the lower end is not the certificate's either), a figure
 * over 100 %, a category given twice with two figures (the first is kept), a category that is not
 * IFRA's ("Category 13"), a second, different amendment, and a date it cannot read or whose day and
 * month could be either way round ("03/04/2024"). Lines that name no category (titles, prose, the
 * supplier's address) are passed over. Categories the certificate does not list stay absent: the
 * check reads an absent category as unknown, never as unrestricted.
 */

/**
 * Why a line was left unread, for a screen to word in its language (decision 107); `message` is
 * the same in English, the API's words. Amendments are their numbers (51 for the 51st).
 */
export type CertificateNote =
  | { kind: 'second-amendment'; amendment: number; first: number }
  | { kind: 'not-a-category'; categories: string[] }
  | { kind: 'not-a-category-others-read'; categories: string[] }
  | { kind: 'no-limit' }
  | { kind: 'see-note' }
  | { kind: 'range' }
  | { kind: 'over-100' }
  | { kind: 'given-twice'; category: IfraCategory; line: number }
  | { kind: 'not-a-real-day' }
  | { kind: 'day-month-either-way' }
  | { kind: 'no-date' }

type LineNote = Exclude<
  CertificateNote,
  { kind: 'second-amendment' | 'not-a-category' | 'not-a-category-others-read' | 'no-limit' | 'given-twice' }
>

export interface UnreadCertificateLine {
  line: number
  text: string
  message: string
  note: CertificateNote
  /** The categories the line names, when it names some. */
  categories?: IfraCategory[]
}

export interface PastedCertificate {
  amendment: string | null
  /** YYYY-MM-DD */
  issuedOn: string | null
  /** In IFRA's order. */
  limits: IfraCertificateLimit[]
  problems: UnreadCertificateLine[]
}

/** The most characters of a line that are read: a certificate's line is far shorter. */
const LINE_WINDOW = 300

const NUMBER = String.raw`\d{1,3}(?:[.,]\d{1,6})?|[.,]\d{1,6}`
/** A category token: "5A", "10 B", "11a". */
const CATEGORY_TOKEN = /(?<![\d.,])(\d{1,2})\s?([a-d])?(?![\d.,%])(?![a-z])/gi
const CATEGORY_WORD = /\b(?:ifra\s+)?(?:cat(?:egory|egories)?\.?|class)\s*/i
const NO_RESTRICTION = /(?:^|[\s:|\t-])(no\s+restrictions?|not\s+restricted|unrestricted|no\s+limit(?:ation)?s?|not\s+limited)\s*\.?\s*$/i
const PROHIBITED = /(?:^|[\s:|\t-])(prohibited|not\s+permitted|not\s+allowed|banned)\s*\.?\s*$/i
const BOUND_BEFORE = String.raw`<=?|≤|&lt;|max(?:imum)?\.?:?|up\s+to|not\s+more\s+than|nmt`
const VALUE_AT_END = new RegExp(
  String.raw`(?:^|[\s:|\t=(-])((?:(?:${BOUND_BEFORE})\s*)?(${NUMBER})\s*(%?)\s*(?:max(?:imum)?\.?)?)\s*\)?\s*$`,
  'i',
)
const RANGE_AT_END = new RegExp(String.raw`(?:${NUMBER})\s*%?\s*(?:-|–|to)\s*(?:${NUMBER})\s*%?\s*$`, 'i')
/** A note instead of a figure ("See note 2": the 2 is the note's number, not a limit), or not applicable. */
const SEE_NOTE = /\bnotes?\b|\bn\/a\b|\bnot\s+applicable\b|\bfootnote\b/i

/** A line's note in English, as the API and the MCP tools give it. */
export function certificateNoteMessage(note: CertificateNote): string {
  const categories = (codes: string[]) => codes.map((c) => `Category ${c}`).join(', ')
  switch (note.kind) {
    case 'second-amendment':
      return `A second amendment (${ordinal(note.amendment)}) after the ${ordinal(note.first)}: check which one the certificate follows.`
    case 'not-a-category':
      return `${categories(note.categories)} is not an IFRA category: check the line.`
    case 'not-a-category-others-read':
      return `${categories(note.categories)} is not an IFRA category; the others on this line were read.`
    case 'no-limit':
      return 'No limit could be read on this line: enter it by hand.'
    case 'see-note':
      return 'This line gives a note, not a figure: enter the limit the note gives by hand.'
    case 'range':
      return 'A range is not a certificate’s limit: enter the maximum the certificate gives by hand.'
    case 'over-100':
      return 'A limit is at most 100 %: enter it by hand.'
    case 'given-twice':
      return `Category ${note.category} is given twice, with two limits: the one on line ${note.line} was kept. Check which is right.`
    case 'not-a-real-day':
      return 'This date is not a real day: enter it by hand.'
    case 'day-month-either-way':
      return 'The day and the month could be either way round in this date: enter it by hand.'
    case 'no-date':
      return 'No date could be read on this line: enter it by hand.'
  }
}

function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'
  return `${n}${suffix}`
}
const AMENDMENT = [/\b(\d{2})\s*(?:st|nd|rd|th)?\.?\s+amendment\b/i, /\bamendment\s*(?:no\.?|n°|number|#)?\s*:?\s*(\d{2})\b/i]

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const DATE_LINE = /\b(?:date|dated|issued|issue date|date of issue)\b/i
const ISO_DATE = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/
const DAY_MONTH_NAME = /\b(\d{1,2})(?:st|nd|rd|th)?[\s.-]+([a-z]{3,9})\.?[\s.,-]+(\d{4})\b/i
const MONTH_NAME_DAY = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i
const NUMERIC_DATE = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/

const show = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text)
const pad = (n: number) => String(n).padStart(2, '0')

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 ? `${year}-${pad(month)}-${pad(day)}` : null
}

const monthOf = (name: string) => {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase())
  return index < 0 ? null : index + 1
}

type DateRead = { date: string } | { problem: LineNote } | null

/** A date on a line that says it is the certificate's; null when the line holds no date-like text. */
function readDate(line: string): DateRead {
  const iso = ISO_DATE.exec(line)
  if (iso) {
    const date = validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    return date ? { date } : { problem: { kind: 'not-a-real-day' } }
  }
  const dayFirst = DAY_MONTH_NAME.exec(line)
  if (dayFirst && monthOf(dayFirst[2]!) !== null) {
    const date = validDate(Number(dayFirst[3]), monthOf(dayFirst[2]!)!, Number(dayFirst[1]))
    return date ? { date } : { problem: { kind: 'not-a-real-day' } }
  }
  const monthFirst = MONTH_NAME_DAY.exec(line)
  if (monthFirst && monthOf(monthFirst[1]!) !== null) {
    const date = validDate(Number(monthFirst[3]), monthOf(monthFirst[1]!)!, Number(monthFirst[2]))
    return date ? { date } : { problem: { kind: 'not-a-real-day' } }
  }
  const numeric = NUMERIC_DATE.exec(line)
  if (numeric) {
    const a = Number(numeric[1])
    const b = Number(numeric[2])
    const year = Number(numeric[3])
    if (a <= 12 && b <= 12 && a !== b) {
      return { problem: { kind: 'day-month-either-way' } }
    }
    const date = a > 12 ? validDate(year, b, a) : b > 12 ? validDate(year, a, b) : validDate(year, a, b)
    return date ? { date } : { problem: { kind: 'not-a-real-day' } }
  }
  return /\d/.test(line) ? { problem: { kind: 'no-date' } } : null
}

function readNumber(text: string): number {
  const clean = text.replace(',', '.')
  return Number(clean.startsWith('.') ? `0${clean}` : clean)
}

type ValueRead = { limit: IfraLimit } | { problem: LineNote } | null

/** The figure at the end of a category's line. */
function readLimit(rest: string): ValueRead {
  const text = rest.replace(/&lt;/gi, '<').trim()
  if (NO_RESTRICTION.test(text)) return { limit: 'no-restriction' }
  if (PROHIBITED.test(text)) return { limit: 0 }
  if (SEE_NOTE.test(text)) return { problem: { kind: 'see-note' } }
  if (RANGE_AT_END.test(text)) {
    return { problem: { kind: 'range' } }
  }
  const match = VALUE_AT_END.exec(text)
  if (match) {
    const percent = readNumber(match[2]!)
    if (!Number.isFinite(percent)) return null
    if (percent > 100) return { problem: { kind: 'over-100' } }
    return { limit: percent }
  }
  return null
}

/**
 * The categories a line names at its start: after "Category"/"Cat."/"Class", or a table row's
 * first cell. Answers the categories (IFRA's or not) and where the rest of the line begins.
 */
function leadingCategories(line: string): { codes: string[]; rest: string; worded: boolean } | null {
  const word = CATEGORY_WORD.exec(line)
  const worded = word !== null && word.index <= 6
  let start = worded ? word.index + word[0].length : 0
  if (!worded && !/^\d{1,2}\s?[a-d]?(?![\d.,%])(?![a-z])/i.test(line)) return null
  const codes: string[] = []
  const tokens = line.slice(start)
  const joiner = /^\s*(?:,|\/|&|\+|and|or)?\s*/i
  let position = 0
  for (;;) {
    CATEGORY_TOKEN.lastIndex = 0
    const token = CATEGORY_TOKEN.exec(tokens.slice(position))
    if (!token || token.index !== 0) break
    codes.push(`${token[1]}${(token[2] ?? '').toUpperCase()}`)
    position += token[0].length
    const joined = joiner.exec(tokens.slice(position))!
    const next = tokens.slice(position + joined[0].length)
    if (joined[0].trim() === '' && !/^\d{1,2}\s?[a-d]?(?![\d.,%])(?![a-z])/i.test(next)) break
    if (!/^\d{1,2}\s?[a-d]?(?![\d.,%])(?![a-z])/i.test(next)) break
    // "11A 11B" or "11A / 11B": another category follows; "5A 0.61 %" is a figure, not a category.
    if (/^\d{1,2}(?:[.,]\d|\s*%)/.test(next)) break
    position += joined[0].length
  }
  if (codes.length === 0) return null
  start += position
  return { codes, rest: line.slice(start), worded }
}

/**
 * The certificate in `text` (docs/product.md "IFRA certificates"): its amendment, its date, each
 * category's limit in IFRA's order, and the lines that need the maker (counting from 1).
 */
export function parseIfraCertificatePaste(text: string): PastedCertificate {
  const found = new Map<IfraCategory, { limit: IfraLimit; line: number }>()
  const problems: UnreadCertificateLine[] = []
  let amendment: { value: number; line: number } | null = null
  let issuedOn: string | null = null

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  lines.forEach((rawLine, index) => {
    const line = rawLine
      .slice(0, LINE_WINDOW)
      .replace(/[^\S\t]+/g, ' ')
      .trim()
    if (line === '') return
    const number = index + 1
    const problem = (note: CertificateNote, categories?: IfraCategory[]) =>
      problems.push({
        line: number,
        text: show(line),
        message: certificateNoteMessage(note),
        note,
        ...(categories && categories.length > 0 ? { categories } : {}),
      })

    for (const pattern of AMENDMENT) {
      const match = pattern.exec(line)
      if (!match) continue
      const value = Number(match[1])
      if (amendment === null) amendment = { value, line: number }
      else if (amendment.value !== value) problem({ kind: 'second-amendment', amendment: value, first: amendment.value })
      return
    }

    const categories = leadingCategories(line)
    if (categories) {
      const known = categories.codes.filter(isIfraCategory)
      const unknown = categories.codes.filter((c) => !isIfraCategory(c))
      const value = readLimit(categories.rest)
      if (unknown.length > 0 && known.length === 0) {
        // "Category 5: Products applied to the face and body" heads its sub-categories: no figure, nothing to read.
        if (value === null && ['5', '7', '10', '11'].includes(unknown[0]!)) return
        if (value === null && !categories.worded) return
        problem({ kind: 'not-a-category', categories: unknown })
        return
      }
      if (value === null) {
        if (!categories.worded && !/%/.test(line)) return
        problem({ kind: 'no-limit' }, known)
        return
      }
      if ('problem' in value) {
        problem(value.problem, known)
        return
      }
      if (unknown.length > 0) problem({ kind: 'not-a-category-others-read', categories: unknown }, known)
      for (const category of known) {
        const earlier = found.get(category)
        if (!earlier) found.set(category, { limit: value.limit, line: number })
        else if (earlier.limit !== value.limit) {
          problem({ kind: 'given-twice', category, line: earlier.line }, [category])
        }
      }
      return
    }

    if (issuedOn === null && DATE_LINE.test(line)) {
      const date = readDate(line)
      if (date && 'date' in date) issuedOn = date.date
      else if (date) problem(date.problem)
    }
  })

  const limits = IFRA_CATEGORIES.flatMap((category) => {
    const read = found.get(category)
    return read ? [{ category, limit: read.limit }] : []
  })
  const read = amendment as { value: number } | null
  return { amendment: read === null ? null : ordinal(read.value), issuedOn, limits, problems }
}
