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
 * What it refuses to guess, and reports as a problem for the maker to resolve:
 * - "<0.01", "≤ 0.01", "traces": an upper bound is not an amount, and reading it as zero (or as the
 *   bound) would decide for the maker whether the allergen reaches the label. The maker enters the
 *   lot's figure, or the bound itself to be cautious;
 * - a range ("30-35 %"): the lot has one figure;
 * - a line naming a substance that is not an Annex III entry ("Linalyl acetate"): skipped;
 * - an entry listed twice (the first is kept), a value over 100 %, a line with several numbers and
 *   no header saying which column is the percentage.
 * "0", "nd" and "not detected" say the entry is absent, which is what a declaration without it
 * says too: those lines are left out without a problem. Lines with no allergen and no figure (a
 * title, a column header, prose) are passed over, and a header naming a percentage column tells
 * the reader which column to take.
 */

export interface PastedDeclaration {
  items: { entryId: string; percent: number }[]
  problems: { line: number; text: string; message: string }[]
}

type Value =
  | { kind: 'number'; percent: number }
  | { kind: 'bound'; raw: string }
  | { kind: 'trace' }
  | { kind: 'absent' }
  | { kind: 'range'; raw: string }

type Cell = { text: string; value: Value | null; cas: string[]; ec: string[] }

const CAS = /(?<![\d-])(\d{2,7})-(\d{2})-(\d)(?![\d-])/g
const EC = /(?<![\d-])(\d{3})-(\d{3})-(\d)(?![\d-])/g
const NUMBER = String.raw`\d+(?:[.,]\d+)?|[.,]\d+`
const UNIT = String.raw`(?:%\s*(?:w\s*\/\s*w|m\s*\/\s*m|wt\.?)?|\(\s*w\s*\/\s*w\s*\)|w\s*\/\s*w|ppm|mg\s*\/\s*kg)?`
/** A value at the end of a piece of text: "< 0.01 %", "32,5%", "30-35 %", "0.4 ppm". */
const TRAILING_VALUE = new RegExp(
  String.raw`(?:^|[\s:;=|,(\[])((?:<=?|≤|&lt;|less than\s*)?\s*(?:${NUMBER})(?:\s*(?:-|–|to)\s*(?:${NUMBER}))?\s*${UNIT})\s*[)\]]?\s*$`,
  'i',
)
const LEADING_VALUE = new RegExp(String.raw`^((?:<=?|≤|&lt;)?\s*(?:${NUMBER})\s*(?:%|ppm|mg\s*\/\s*kg))(?=\s|$)`, 'i')
const TRACE = /^(?:traces?|tr\.?|trace amounts?|present)$/i
const ABSENT = /^(?:nd|n\.d\.?|n\/d|not detected|absent|none|-|–|0+(?:[.,]0+)?\s*%?)$/i
const HEADER_PERCENT = /%|conc|percent|content|amount|value|level|quantity|typical|max/i

/** A name as compared: no case, no accents, one kind of dash and apostrophe, single spaces, no edge punctuation. */
export function normalName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/[’‘`´]/g, "'")
    .replace(/\s*-\s*/g, '-')
    .replace(/\s*,\s*/g, ',')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'.:;,|*•·-]+|[\s"'.:;,|*•·-]+$/g, '')
}

function readNumber(text: string): number {
  const clean = text.replace(',', '.')
  return Number(clean.startsWith('.') ? `0${clean}` : clean)
}

/** Reads a value as written (the whole text): a number, a bound, a range, traces, or absent; null if it is none. */
export function readValue(raw: string): Value | null {
  const text = raw.trim().replace(/&lt;/gi, '<')
  if (text === '') return null
  if (TRACE.test(text)) return { kind: 'trace' }
  if (ABSENT.test(text)) return { kind: 'absent' }
  const match = new RegExp(
    String.raw`^(<=?|≤|less than)?\s*(${NUMBER})(?:\s*(?:-|–|to)\s*(${NUMBER}))?\s*(${UNIT})$`,
    'i',
  ).exec(text)
  if (!match) return null
  const [, bound, first, second, unit = ''] = match
  if (bound) return { kind: 'bound', raw: text }
  if (second !== undefined) return { kind: 'range', raw: text }
  const perMillion = /ppm|mg/i.test(unit)
  const percent = readNumber(first!) / (perMillion ? 10_000 : 1)
  return percent === 0 ? { kind: 'absent' } : { kind: 'number', percent }
}

/** Splits a line into cells on tabs, else semicolons, else commas (not the decimal comma between digits), minding quotes. */
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
    } else if (!quoted && ch === separator && !(separator === ',' && /\d/.test(line[i - 1] ?? '') && /\d/.test(line[i + 1] ?? '') && !isCasEnd(line, i))) {
      cells.push(cell)
      cell = ''
    } else cell += ch
  }
  cells.push(cell)
  return cells.map((c) => c.trim())
}

/** A comma right after a CAS number ("5989-27-5,0.8") separates cells, though digits surround it. */
function isCasEnd(line: string, index: number): boolean {
  return /(?:^|[^\d-])\d{2,7}-\d{2}-\d$/.test(line.slice(0, index))
}

function numbersIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[0])
}

function cellOf(text: string): Cell {
  const cas = numbersIn(text, CAS)
  const ec = numbersIn(text, EC)
  const rest = text.replace(CAS, ' ').replace(EC, ' ')
  return { text: cleanName(rest), value: readValue(rest), cas, ec }
}

/** What is left of a name once numbers and labels are gone: "Linalool (CAS : " → "Linalool". */
function cleanName(text: string): string {
  return text
    .replace(/\b(?:cas|ec|einecs|elincs)\b(?:\s*(?:no\b\.?|n°|number\b|#|rn\b))?\s*[:.]?/gi, ' ')
    .replace(/\(\s*[,;/]?\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'.:;,|/()*•·–-]+|[\s"'.:;,|/(*•·–-]+$/g, '')
    .replace(/\s*\(\s*$/, '')
    .trim()
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
  if (key.length < 4) return []
  const word = key.split(/[ ,-]/).find((part) => part.length >= 5)
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

  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  lines.forEach((rawLine, index) => {
    const line = rawLine.trim()
    if (line === '') return
    const number = index + 1
    const problem = (message: string) => problems.push({ line: number, text: show(line), message })
    const raw = splitCells(line)
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
        if (!fromCas && !fromEc && !byName.has(normalName(name))) return
        problem('Several figures on this line and no header saying which is the percentage: enter it by hand.')
        return
      }
      if (!value && !fromCas && !fromEc && !byName.has(normalName(name))) {
        // A header: remember which column holds the percentage.
        const column = raw.findIndex((cell) => HEADER_PERCENT.test(cell) && !/cas|ec\b|name|inci/i.test(cell))
        if (column >= 0) percentColumn = column
        return
      }
    } else {
      const rest = line.replace(CAS, ' ').replace(EC, ' ').replace(/&lt;/gi, '<')
      const trailing = TRAILING_VALUE.exec(rest)
      const leading = trailing ? null : LEADING_VALUE.exec(rest.trim())
      const word = /(?:^|\s)(traces?|tr\.|not detected|n\.d\.|nd|absent)\s*$/i.exec(rest)
      if (trailing) {
        value = readValue(trailing[1]!)
        name = cleanName(rest.slice(0, trailing.index))
      } else if (leading) {
        value = readValue(leading[1]!)
        name = cleanName(rest.trim().slice(leading[0].length))
      } else if (word) {
        value = readValue(word[1]!)
        name = cleanName(rest.slice(0, word.index))
      } else name = cleanName(rest)
    }

    const fromName = byName.get(normalName(name))
    const entry = fromCas ?? fromEc ?? fromName
    const label = name || cas[0] || 'This line'

    if (!entry) {
      if (value === null && cas.length === 0) return // a title, a header or prose
      if (badCas.length > 0 && cas.length === badCas.length) {
        problem(`${badCas[0]} is not a valid CAS number (its check digit does not match): check it against the sheet.`)
        return
      }
      const near = resembling(entries, name)
      const named = cas.length > 0 && name ? `${name} (${cas[0]})` : label
      problem(
        near.length > 0 && cas.length === 0
          ? `${named} is not an entry of Annex III by that name, so it was skipped. Did you mean ${near.map((e) => e.name).join(', or ')}?`
          : `${named} is not an allergen of Annex III, so it was skipped.`,
      )
      return
    }
    if (value === null) {
      problem(`No percentage for ${entry.name} on this line.`)
      return
    }
    switch (value.kind) {
      case 'absent':
        return
      case 'bound':
        problem(
          `${entry.name}: "${value.raw}" is an upper limit, not an amount. Enter the figure from the lot's certificate, or the limit itself to be cautious.`,
        )
        return
      case 'trace':
        problem(`${entry.name}: "traces" is not an amount. Ask your supplier for the figure, or enter an upper limit to be cautious.`)
        return
      case 'range':
        problem(`${entry.name}: "${value.raw}" is a range. Enter this lot's figure, or the top of the range to be cautious.`)
        return
      case 'number':
        break
    }
    if (value.percent > 100) {
      problem(`${entry.name}: ${formatPercent(value.percent)} is more than the whole oil.`)
      return
    }
    const earlier = seen.get(entry.id)
    if (earlier !== undefined) {
      problem(`${entry.name} is already on line ${earlier}; the first figure is kept.`)
      return
    }
    seen.set(entry.id, number)
    items.push({ entryId: entry.id, percent: value.percent })
  })

  return { items, problems }
}
