import { EU_ALLERGENS, isValidCas, type AllergenEntry } from '#shared/domain/eu-allergens.ts'

/**
 * Reads a supplier's allergen sheet pasted as text or CSV into a bottle's declaration
 * (docs/product.md "The allergen screens", decision 045): one Annex III entry and its
 * percentage in the oil per line.
 *
 * What it reads:
 * - free text ("Linalool 78-70-6 32.5 %", "Linalool (CAS 78-70-6): 32,5%"), and columns separated
 *   by tabs (a spreadsheet's copy), semicolons or commas, quoted or not;
 * - a decimal point or a decimal comma ("0,8"), a percent sign or none, "ppm" and "mg/kg" (÷ 10,000);
 * - the entry by CAS number first (its check digit must hold), then its EC number, then its name,
 *   INCI names or the other names suppliers print (the entry's aliases) as the annex data writes them (case, accents, dashes and spacing aside). A name is never
 *   guessed: one that is not the annex's is reported, with the annex names it resembles.
 *
 * - an upper limit ("<0.01", "≤ 0.01", "max 0.5 %", "0.5 % max", "up to 0.5") and a range
 *   ("30-35 %") as the most the lot holds: the item carries that figure and `upTo`, and the label
 *   uses it until the maker enters the lot's own figure (decision 049, which replaced the refusal of
 *   decision 045).
 *
 * What it leaves unread, and reports for the maker to resolve or dismiss (docs/product.md "The
 * allergen screens"): every line with an allergen or a figure it could not turn into an item —
 * "traces" (no figure at all), a substance that is not an Annex III entry ("Linalyl acetate"), an
 * entry listed twice (the first is kept), a value over 100 %, a line with several numbers and no
 * header saying which column is the percentage. A problem names the entry when the line named one,
 * so the maker can add it as a row.
 * "0", "nd" and "not detected" say the entry is absent, which is what a declaration without it
 * says too: those lines are left out without a problem. A sheet whose every allergen line says so,
 * or that states it holds none ("None of the Annex III allergens is present"), is read as declaring
 * no Annex III allergen (`declaresNone`). Lines with no allergen and no figure (a title, a column
 * header, prose) are passed over, and a header naming a percentage column tells the reader which
 * column to take.
 *
 * Linear in the text's length (a test times 1x and 16x the input, each line as long as it comes):
 * runs of spaces are collapsed first, a value is looked for in a line's last characters only, and
 * no pattern anchored at a line's end is tried from every position.
 */

export interface PastedItem {
  entryId: string
  percent: number
  /** The sheet gives at most this (a limit or the top of a range), not the lot's figure. */
  upTo?: true
}

/**
 * Why a line was left unread, for a screen to word in its language (decision 107); `message` is
 * the same in English, the API's words. `name`/`cas` are what the line named, when it named them.
 */
export type DeclarationNote =
  | { kind: 'too-many-columns'; max: number }
  | { kind: 'several-figures' }
  | { kind: 'invalid-cas'; cas: string }
  | { kind: 'not-an-entry'; name: string | null; cas: string | null; suggestions: string[] }
  | { kind: 'not-an-allergen'; name: string | null; cas: string | null }
  | { kind: 'no-percentage'; entry: string }
  | { kind: 'traces'; entry: string }
  | { kind: 'over-whole'; entry: string; percent: number }
  | { kind: 'already-listed'; entry: string; line: number }

export interface UnreadLine {
  line: number
  text: string
  message: string
  note: DeclarationNote
  /** The entry the line names, when it names one. */
  entryId?: string
}

export interface PastedDeclaration {
  items: PastedItem[]
  /** The lines the maker resolves or dismisses before saving. */
  problems: UnreadLine[]
  /** Nothing listed, nothing unread, and the sheet says no Annex III allergen is present. */
  declaresNone: boolean
}

type Value =
  | { kind: 'number'; percent: number }
  | { kind: 'bound'; raw: string; upper: number }
  | { kind: 'trace' }
  | { kind: 'absent' }
  | { kind: 'range'; raw: string; upper: number }

type Cell = { text: string; value: Value | null; cas: string[]; ec: string[] }

const CAS = /(?<![\d-])(\d{2,7})-(\d{2})-(\d)(?![\d-])/g
const EC = /(?<![\d-])(\d{3})-(\d{3})-(\d)(?![\d-])/g
const NUMBER = String.raw`\d+(?:[.,]\d+)?|[.,]\d+`
const UNIT = String.raw`(?:%\s*(?:w\s*\/\s*w|m\s*\/\s*m|wt\.?)?|\(\s*w\s*\/\s*w\s*\)|w\s*\/\s*w|ppm|mg\s*\/\s*kg)?`
/** Words before a figure that make it an upper limit. */
const BOUND_BEFORE = String.raw`<=?|≤|&lt;|less than|max(?:imum)?\.?|up to|not more than|nmt`
/** Words after a figure that make it an upper limit ("0.5 % max"). */
const BOUND_AFTER = String.raw`max(?:imum)?\.?`
const RANGE = String.raw`\s*(?:-|–|to)\s*`
/** A value at the end of a piece of text: "< 0.01 %", "32,5%", "30-35 %", "max 0.5%", "0.4 ppm". */
const trailingValue = (edge: string) =>
  new RegExp(
    String.raw`(?:${edge}[\s:;=|,(\[])((?:(?:${BOUND_BEFORE})\s*)?(?:${NUMBER})(?:${RANGE}(?:${NUMBER}))?\s*${UNIT}(?:\s*(?:${BOUND_AFTER}))?)\s*[)\]]?\s*$`,
    'i',
  )
const TRAILING_VALUE = trailingValue('^|')
/** The same within a window cut from a longer line, whose first character is no line start. */
const TRAILING_VALUE_INSIDE = trailingValue('')
/** How many characters at a line's end a value is looked for in (the longest value is far shorter). */
const VALUE_WINDOW = 80
const LEADING_VALUE = new RegExp(String.raw`^((?:<=?|≤|&lt;)?\s*(?:${NUMBER})\s*(?:%|ppm|mg\s*\/\s*kg))(?=\s|$)`, 'i')
const TRAILING_WORD = /(?:^|\s)(traces?|tr\.|not detected|n\.d\.|nd|absent)\s*$/i
const TRACE = /^(?:traces?|tr\.?|trace amounts?|present)$/i
const ABSENT = /^(?:nd|n\.d\.?|n\/d|not detected|absent|none|-|–|0+(?:[.,]0+)?\s*%?)$/i
const HEADER_PERCENT = /%|conc|percent|content|amount|value|level|quantity|typical|max/i
const VALUE = new RegExp(String.raw`^(${BOUND_BEFORE})?\s*(${NUMBER})(?:${RANGE}(${NUMBER}))?\s*(${UNIT})(?:\s*(${BOUND_AFTER}))?$`, 'i')
/** A line saying the oil holds none of the annex's allergens: a negation and the allergens. */
const NONE_WORD = /\b(?:none|no(?! ?[.:#°\d])|nil|free (?:of|from)|not contain|absent)\b/i
const ALLERGENS_WORD = /\ballergens?\b|\bannex iii\b/i

const GREEK: Record<string, string> = { α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta' }

/** Runs of whitespace (tabs aside, which separate columns) as one space; the text itself when it has none to collapse. */
const collapse = (text: string) => (/[^\S\t]{2}|[^\S \t]/.test(text) ? text.replace(/[^\S\t]+/g, ' ') : text)

/** `text` without the characters of `head` at its start and of `tail` at its end; a loop, linear however long the run. */
function trimEdges(text: string, head: string, tail = head): string {
  let start = 0
  let end = text.length
  while (start < end && head.includes(text[start]!)) start++
  while (end > start && tail.includes(text[end - 1]!)) end--
  return text.slice(start, end)
}

/** A name as compared: no case, no accents, one kind of dash and apostrophe, single spaces, no edge punctuation. */
export function normalName(name: string): string {
  const folded = collapse(name.replace(/\t/g, ' '))
    .replace(/[αβγδ]/g, (letter) => GREEK[letter]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[’‘`´]/g, "'")
    .replace(/ ?- ?/g, '-')
    .replace(/ ?, ?/g, ',')
  return trimEdges(folded, ' "\'.:;,|*•·-')
}

function readNumber(text: string): number {
  const clean = text.replace(',', '.')
  return Number(clean.startsWith('.') ? `0${clean}` : clean)
}

/** Reads a value as written (the whole text): a number, a bound, a range, traces, or absent; null if it is none. */
export function readValue(raw: string): Value | null {
  const text = collapse(raw).trim().replace(/&lt;/gi, '<')
  if (text === '') return null
  if (TRACE.test(text)) return { kind: 'trace' }
  if (ABSENT.test(text)) return { kind: 'absent' }
  const match = VALUE.exec(text)
  if (!match) return null
  const [, before, first, second, unit = '', after] = match
  const perMillion = /ppm|mg/i.test(unit)
  const percentOf = (figure: string) => readNumber(figure) / (perMillion ? 10_000 : 1)
  if (second !== undefined) {
    const upper = percentOf(second)
    return upper === 0 ? { kind: 'absent' } : { kind: 'range', raw: text, upper }
  }
  const percent = percentOf(first!)
  if (before || after) return percent === 0 ? { kind: 'absent' } : { kind: 'bound', raw: text, upper: percent }
  return percent === 0 ? { kind: 'absent' } : { kind: 'number', percent }
}

/** Splits a line into cells on tabs, else semicolons, else commas (not the decimal comma between digits), minding quotes. */
/** The most columns an allergen table's row is read in; a line with more is reported, and split no further. */
export const MAX_COLUMNS = 64

function splitCells(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : /,(?!\d)|(?<!\d),/.test(line) ? ',' : null
  if (separator === null) return [line]
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"'
        i++
      } else quoted = !quoted
    } else if (
      !quoted &&
      ch === separator &&
      !(separator === ',' && /\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '') && !isCasEnd(line, i))
    ) {
      cells.push(cell)
      cell = ''
      if (cells.length > MAX_COLUMNS) return cells
    } else cell += ch
  }
  cells.push(cell)
  return cells.map((c) => c.trim())
}

/**
 * A comma right after a CAS number ("5989-27-5,0.8") separates cells, though digits surround it.
 * Looks at the 13 characters before the comma only (a CAS number and the character before it).
 */
function isCasEnd(line: string, index: number): boolean {
  const start = Math.max(0, index - 13)
  const before = line.slice(start, index)
  return (start === 0 ? /(?:^|[^\d-])\d{2,7}-\d{2}-\d$/ : /[^\d-]\d{2,7}-\d{2}-\d$/).test(before)
}

function numbersIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[0])
}

const NONE: string[] = []

function cellOf(text: string): Cell {
  // Most cells hold no registry number (no dash) and no figure or word of one (no digit): skip the work.
  const dashed = text.includes('-')
  const cas = dashed ? numbersIn(text, CAS) : NONE
  const ec = dashed ? numbersIn(text, EC) : NONE
  const rest = cas.length + ec.length > 0 ? text.replace(CAS, ' ').replace(EC, ' ') : text
  return { text: cleanName(rest), value: /\d/.test(rest) || rest.length < 16 ? readValue(rest) : null, cas, ec }
}

/** What is left of a name once numbers and labels are gone: "Linalool (CAS : " → "Linalool". */
function cleanName(text: string): string {
  const named = collapse(text)
    .replace(/\b(?:cas|ec|einecs|elincs)\b(?: ?(?:no\b\.?|n°|number\b|#|rn\b))? ?[:.]?/gi, ' ')
    .replace(/\( ?[,;/]? ?\)|\[ ?\]/g, ' ')
  const trimmed = trimEdges(collapse(named), ' "\'.:;,|/)*•·–-', ' "\'.:;,|/(*•·–-')
  // A leading "(" stays when it opens a stereo descriptor ("(+)-alpha-Pinene"), not when it is left over.
  return trimmed.startsWith('(') && !trimmed.includes(')') ? trimEdges(trimmed, ' "\'.:;,|/()*•·–-', ' ') : trimmed
}

/** The entries by CAS, by EC, and by each of their names. */
function indexOf(entries: readonly AllergenEntry[]) {
  const byCas = new Map<string, AllergenEntry>()
  const byEc = new Map<string, AllergenEntry>()
  const byName = new Map<string, AllergenEntry>()
  for (const entry of entries) {
    for (const cas of entry.cas) if (!byCas.has(cas)) byCas.set(cas, entry)
    for (const ec of entry.ec) if (!byEc.has(ec)) byEc.set(ec, entry)
    for (const name of [entry.name, entry.inci, ...entry.inciNames, ...entry.aliases, ...entry.name.split(/\s*\/\s*/)]) {
      const key = normalName(name)
      if (key && !byName.has(key)) byName.set(key, entry)
    }
  }
  return { byCas, byEc, byName }
}

/** Annex entries whose names contain the typed name or its first long word, or are contained in it, for "did you mean". */
function resembling(entries: readonly AllergenEntry[], name: string): AllergenEntry[] {
  const key = normalName(name)
  // The annex's names are short: a "name" of hundreds of characters is prose, and resembles none.
  if (key.length < 4 || key.length > 200) return []
  const word = /[^ ,-]{5,}/.exec(key)?.[0]
  return entries
    .filter((entry) =>
      [entry.name, entry.inci, ...entry.aliases].some((n) => {
        const known = normalName(n)
        return known.includes(key) || (word !== undefined && known.includes(word)) || (known.length >= 5 && key.includes(known))
      }),
    )
    .slice(0, 3)
}

const show = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text)
const formatPercent = (percent: number) => `${Number(percent.toPrecision(6))} %`

/** A line's note in English, as the API and the MCP tools give it. */
export function noteMessage(note: DeclarationNote): string {
  const named = note.kind === 'not-an-entry' || note.kind === 'not-an-allergen' ? namedText(note.name, note.cas) : ''
  switch (note.kind) {
    case 'too-many-columns':
      return `This line has more than ${note.max} columns, more than an allergen table has, so it was not read. Enter its allergens by hand if it lists any.`
    case 'several-figures':
      return 'Several figures on this line and no header saying which is the percentage: enter it by hand.'
    case 'invalid-cas':
      return `${note.cas} is not a valid CAS number (its check digit does not match): check it against the sheet.`
    case 'not-an-entry':
      return `${named} is not an entry of Annex III by that name, so it was skipped. Did you mean ${note.suggestions.join(', or ')}?`
    case 'not-an-allergen':
      return `${named} is not an allergen of Annex III, so it was skipped.`
    case 'no-percentage':
      return `No percentage for ${note.entry} on this line.`
    case 'traces':
      return `${note.entry}: "traces" is not an amount. Ask your supplier for the figure, or enter an upper limit to be cautious.`
    case 'over-whole':
      return `${note.entry}: ${formatPercent(note.percent)} is more than the whole oil.`
    case 'already-listed':
      return `${note.entry} is already on line ${note.line}; the first figure is kept.`
  }
}

/** What a line named: "Linalyl acetate (115-95-7)", its name or its CAS number alone, else "This line". */
function namedText(name: string | null, cas: string | null): string {
  return name && cas ? `${name} (${cas})` : (name ?? cas ?? 'This line')
}

/**
 * The declaration in `text` (docs/product.md "The allergen screens"): the entries found with
 * their percentages, in the order of the sheet, and the lines that need the maker, by line number
 * (counting from 1).
 */
export function parseDeclarationPaste(text: string, entries: readonly AllergenEntry[] = EU_ALLERGENS): PastedDeclaration {
  const { byCas, byEc, byName } = indexOf(entries)
  const items: PastedDeclaration['items'] = []
  const problems: PastedDeclaration['problems'] = []
  const seen = new Map<string, number>()
  /** The column of the percentage, once a header line names it. */
  let percentColumn: number | null = null

  let absent = 0
  let statesNone = false

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  lines.forEach((rawLine, index) => {
    const line = collapse(rawLine).trim()
    if (line === '') return
    const number = index + 1
    const problem = (note: DeclarationNote, entryId?: string) =>
      problems.push({ line: number, text: show(line), message: noteMessage(note), note, ...(entryId === undefined ? {} : { entryId }) })
    const raw = splitCells(line)
    if (raw.length > MAX_COLUMNS) {
      problem({ kind: 'too-many-columns', max: MAX_COLUMNS })
      return
    }
    const cells = raw.map(cellOf)

    // The entry: a CAS number first, then an EC number, then a name.
    const cas = cells.flatMap((cell) => cell.cas)
    const badCas = cas.filter((n) => !isValidCas(n))
    const fromCas = cas.map((n) => byCas.get(n)).find(Boolean)
    const fromEc = cells
      .flatMap((cell) => cell.ec)
      .map((n) => byEc.get(n))
      .find(Boolean)

    // The value: the header's column, else the one cell that is a value; in one cell of free text,
    // the figure at the end of the line (or at its start).
    let value: Value | null = null
    let name: string
    if (cells.length > 1) {
      const valued = cells.filter((cell) => cell.value !== null)
      const texts = cells.filter((cell) => cell.value === null && cell.text !== '')
      name = texts.find((cell) => byName.has(normalName(cell.text)))?.text ?? texts[0]?.text ?? ''
      if (percentColumn !== null && cells[percentColumn]?.value) value = cells[percentColumn]!.value
      else if (valued.length === 1) value = valued[0]!.value
      else if (valued.length > 1) {
        const named = fromCas ?? fromEc ?? byName.get(normalName(name))
        if (!named) return
        problem({ kind: 'several-figures' }, named.id)
        return
      }
      if (!value && !fromCas && !fromEc && !byName.has(normalName(name))) {
        if (statesNoAllergen(line)) statesNone = true
        // A header: remember which column holds the percentage.
        const column = raw.findIndex((cell) => HEADER_PERCENT.test(cell) && !/cas|ec\b|name|inci/i.test(cell))
        if (column >= 0) percentColumn = column
        return
      }
    } else {
      const rest = line.replace(CAS, ' ').replace(EC, ' ').replace(/&lt;/gi, '<')
      // A value is looked for in the line's last characters only: a pattern anchored at the end
      // and tried from every position would take time in the square of the line's length.
      const from = Math.max(0, rest.length - VALUE_WINDOW)
      const tail = rest.slice(from)
      const trailing = (from === 0 ? TRAILING_VALUE : TRAILING_VALUE_INSIDE).exec(tail)
      const leading = trailing ? null : LEADING_VALUE.exec(rest.trim())
      const word = trailing || leading ? null : TRAILING_WORD.exec(tail)
      if (trailing) {
        value = readValue(trailing[1]!)
        name = cleanName(rest.slice(0, from + trailing.index))
      } else if (leading) {
        value = readValue(leading[1]!)
        name = cleanName(rest.trim().slice(leading[0].length))
      } else if (word) {
        value = readValue(word[1]!)
        name = cleanName(rest.slice(0, from + word.index))
      } else name = cleanName(rest)
    }

    const fromName = byName.get(normalName(name))
    const entry = fromCas ?? fromEc ?? fromName

    if (!entry) {
      if (cas.length === 0 && statesNoAllergen(line)) {
        statesNone = true
        return
      }
      if (value === null && cas.length === 0) return // a title, a header or prose
      if (badCas.length > 0 && cas.length === badCas.length) {
        problem({ kind: 'invalid-cas', cas: badCas[0]! })
        return
      }
      const near = resembling(entries, name)
      const named = { name: name || null, cas: cas[0] ?? null }
      problem(
        near.length > 0 && cas.length === 0
          ? { kind: 'not-an-entry', ...named, suggestions: near.map((e) => e.name) }
          : { kind: 'not-an-allergen', ...named },
      )
      return
    }
    if (value === null) {
      problem({ kind: 'no-percentage', entry: entry.name }, entry.id)
      return
    }
    let percent: number
    let upTo = false
    switch (value.kind) {
      case 'absent':
        absent++
        return
      case 'trace':
        problem({ kind: 'traces', entry: entry.name }, entry.id)
        return
      case 'bound':
      case 'range':
        percent = value.upper
        upTo = true
        break
      case 'number':
        percent = value.percent
        break
    }
    if (percent > 100) {
      problem({ kind: 'over-whole', entry: entry.name, percent }, entry.id)
      return
    }
    const earlier = seen.get(entry.id)
    if (earlier !== undefined) {
      problem({ kind: 'already-listed', entry: entry.name, line: earlier }, entry.id)
      return
    }
    seen.set(entry.id, number)
    items.push(upTo ? { entryId: entry.id, percent, upTo: true } : { entryId: entry.id, percent })
  })

  const declaresNone = items.length === 0 && problems.length === 0 && (absent > 0 || statesNone)
  return { items, problems, declaresNone }
}

/** "None of the Annex III allergens is present", "Free from allergens": a negation beside the allergens. */
function statesNoAllergen(line: string): boolean {
  return NONE_WORD.test(line) && ALLERGENS_WORD.test(line)
}
