import { parse } from 'csv-parse'
import type { VersionOil } from '#shared/api/blends.ts'
import { MAX_NOTES } from '#shared/api/fields.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'
import { isTotalValid, slotTotal } from '#shared/domain/percentages.ts'
import { versionLetterAt } from '#shared/domain/references.ts'
import { NUL_MESSAGE } from '#server/http/errors.ts'
import { slices } from '#server/shared/slices.ts'
import { createOilResolver, invalidUpload, type PlanBlend, type PlanBlends, type Problem } from '#server/your-data/import-plan.ts'

/**
 * A spreadsheet of blends (docs/export-format.md "Spreadsheet import"): one blend per row, one oil
 * per layer. Headers are matched in any case, ignoring spaces, '_' and '-', among the variants
 * below. Each row becomes a new blend with one version; a refusal names the row and column
 * (`rows[3].top`: the fourth row under the header).
 */

type Column = 'name' | 'top' | 'topPercent' | 'middle' | 'middlePercent' | 'base' | 'basePercent' | 'notes' | 'version'

const layerHeaders = (layer: string, alias?: string) => {
  const names = alias ? [layer, alias] : [layer]
  return {
    // `top oils` is Accord's own blends CSV, whose cells list the layer's oils: "Bergamot 15%; Lemon 15%".
    oil: names.flatMap((n) => [n, `${n} oil`, `${n} note`, `${n} note oil`, `${n} oils`]),
    percent: names.flatMap((n) => [`${n} %`, `${n} percent`, `${n} percentage`, `${n} pct`, `${n} oil %`, `${n} note %`]),
  }
}
const [top, middle, base] = [layerHeaders('top'), layerHeaders('middle', 'heart'), layerHeaders('base')]

/** Accepted header spellings per column (compared after normalizeHeader). Documented in docs/export-format.md. */
export const CSV_HEADERS: Record<Column, string[]> = {
  name: ['name', 'blend', 'blend name', 'title'],
  top: top.oil,
  topPercent: top.percent,
  middle: middle.oil,
  middlePercent: middle.percent,
  base: base.oil,
  basePercent: base.percent,
  notes: ['notes', 'blend notes', 'formulation notes', 'description'],
  // Accord's own blends CSV has one row per version: rows of one blend become its versions.
  version: ['version', 'version letter'],
}
const REQUIRED: Column[] = ['name', 'top', 'topPercent', 'middle', 'middlePercent', 'base', 'basePercent']

/**
 * A heading as compared: lower case, `_` and `-` as spaces, each run of spaces as one, and a `%`
 * with one space before it and none after ("Top_%" → "top %"). Every step is linear in the
 * heading's length: spaces are joined before the `%` is placed, since a `\s*%` tried at each
 * space of a long run took time in the square of its length (issue #32: a 240 KB heading held
 * the server for 24 s).
 */
export const normalizeHeader = (h: string) =>
  h.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').replace(/ ?% ?/g, ' %').trim()
const HEADER_OF = new Map(
  Object.entries(CSV_HEADERS).flatMap(([column, names]) => names.map((n) => [normalizeHeader(n), column as Column])),
)

/** An oil's share at the end of a layer cell's part: a space, a number and `%` ("Lemon 15%"). */
const OIL_SHARE = /\s(\d+(?:[.,]\d+)?)\s*%$/

/**
 * A layer cell as Accord's blends CSV writes it, "Bergamot 15%; Lemon 15%": each oil with its
 * percentage. Null when the cell is one oil's name (the layer's % column then gives its share).
 */
function parseOilList(text: string): { name: string; percentage: number | null }[] | null {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
  // The first space that a number and `%` end the part after is where the name ends. This search
  // is linear: a number starts only after a space, and each run of digits or spaces is read from
  // one start (a lazy `^(.*?)\s+` was tried at every length of the name, each over the whole run
  // of spaces after it).
  const shares = parts.map((p) => OIL_SHARE.exec(p))
  if (parts.length === 0 || !shares.every((m) => m !== null)) return null
  return shares.map((m, i) => ({ name: parts[i]!.slice(0, m!.index).trim(), percentage: parsePercent(m![1]!) }))
}

/** '30', '30%', '30,5 %' → a number; anything else → null. */
function parsePercent(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, '').trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  const value = Number(cleaned)
  return value >= 0 && value <= 100 ? value : null
}

/**
 * The spreadsheet's bytes as text: UTF-8 (with or without a byte order mark) when they are valid
 * UTF-8, else Windows-1252 (a superset of Latin-1 for the printable range), which is what Excel
 * writes on Windows; a `charset` the upload names wins (docs/export-format.md).
 */
export function decodeSpreadsheet(bytes: Uint8Array, contentType = ''): string {
  const named = /charset\s*=\s*"?([\w-]+)"?/i.exec(contentType)?.[1]?.toLowerCase()
  if (named && named !== 'utf-8' && named !== 'utf8') {
    try {
      return new TextDecoder(named).decode(bytes)
    } catch {
      throw invalidUpload([{ path: 'file', message: `The file's character set "${named}" is not one Accord reads; save it as UTF-8` }])
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/**
 * The longest heading read (characters). Accord's headings are under 20; a longer one is refused,
 * naming its column, rather than compared.
 */
export const MAX_HEADER_LENGTH = 200

/**
 * The longest line (a row, or the header) the parser holds, in bytes: two notes of MAX_NOTES
 * characters at three bytes each, the oils and dates of Accord's own blends CSV, and room to spare.
 * A longer one is mostly a quote left open, which makes the rest of the file one cell.
 */
export const MAX_RECORD_BYTES = 128 * 1024

/**
 * The separator of the header line: comma, semicolon (European Excel) or tab, whichever it has
 * most of outside quotes. Read up to the longest line the parser takes (a quote left open would
 * otherwise have it read a 20 MB file in one go, holding the event loop).
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  const end = Math.min(text.length, MAX_RECORD_BYTES)
  for (let i = 0; i < end; i++) {
    const char = text[i]!
    if (char === '"') quoted = !quoted
    else if (char === '\n' && !quoted) break
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1
  }
  const [best] = (Object.entries(counts) as [keyof typeof counts, number][]).sort((a, b) => b[1] - a[1])[0]!
  return counts[best] > 0 ? best : ','
}

/**
 * Characters of the spreadsheet handed to the parser at a time: the event loop can be served
 * between two. A run of spaces, which the parser trims a character at a time, is its slowest text
 * (1-3 µs a character on a loaded machine here), so 4 kB, not 64 kB, keeps one chunk of any text
 * near 10 ms (issue #32); a 100,000-row file parses as fast either way.
 */
const PARSE_CHUNK = 4 * 1024

/**
 * The file's records, parsed a chunk at a time with the event loop served in between (decision
 * 041): a 100,000-row file takes about a second to parse, which other requests must not wait for.
 */
async function parseRecords(text: string): Promise<string[][]> {
  const records: string[][] = []
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    delimiter: detectDelimiter(text),
    max_record_size: MAX_RECORD_BYTES,
  })
  parser.on('data', (record: string[]) => records.push(record))
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve)
    parser.on('error', reject)
  })
  // The error arrives through `ended`; a write's own callback sees it too.
  ended.catch(() => undefined)
  const pause = slices()
  try {
    for (let at = 0; at < text.length;) {
      // A chunk never ends between the two halves of a surrogate pair (an emoji): the parser turns
      // each chunk into UTF-8 on its own, and a lone half would become U+FFFD.
      let end = Math.min(text.length, at + PARSE_CHUNK)
      if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end += 1
      const chunk = text.slice(at, end)
      at = end
      await new Promise<void>((resolve, reject) => parser.write(chunk, (err) => (err ? reject(err) : resolve())))
      await pause()
    }
    parser.end()
    await ended
  } catch (err) {
    const line = (err as { lines?: number }).lines
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      const where = line === 1 ? 'The header (line 1)' : `Line ${line ?? '?'}`
      throw invalidUpload([
        {
          path: 'file',
          message: `${where} is longer than ${MAX_RECORD_BYTES / 1024} KB, the most a line may hold: check that every quote in it is closed`,
        },
      ])
    }
    throw invalidUpload([
      { path: 'file', message: `The file is not valid CSV${line ? ` (near line ${line})` : ''}: ${(err as Error).message}` },
    ])
  }
  return records
}

/**
 * The spreadsheet checked whole, then planned lazily: every row is checked first (any problem
 * refuses the file, naming its row and column), and the blends are built again from the parsed
 * rows a part at a time when the import reads them, so the plan of a 100,000-row file is never
 * held whole beside its rows (decision 041).
 */
export async function planFromCsv(raw: string, catalog: EssentialOil[], now = new Date().toISOString()): Promise<PlanBlends> {
  // Any line ending, even mixed in one file: a CR LF or a lone CR ends a line as LF does. (No
  // variable holds the copy: it can go once parsed.)
  const rows = await parseRecords(raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))
  const header = rows.shift()
  if (!header) throw invalidUpload([{ path: 'header', message: 'The file is empty: the first line names the columns' }])
  const index = new Map<Column, number>()
  const tooLong: Problem[] = []
  header.forEach((h, i) => {
    if (h.length > MAX_HEADER_LENGTH) {
      tooLong.push({
        path: `header[${i}]`,
        message: `Column ${i + 1}'s heading is ${h.length.toLocaleString('en')} characters long; a heading has at most ${MAX_HEADER_LENGTH} (line 1)`,
      })
      return
    }
    const column = HEADER_OF.get(normalizeHeader(h))
    if (column && !index.has(column)) index.set(column, i)
  })
  const missing = REQUIRED.filter((c) => !index.has(c))
  if (tooLong.length > 0 || missing.length > 0) {
    throw invalidUpload([
      ...tooLong,
      ...missing.map((c) => ({
        path: `header.${c}`,
        message: `No "${CSV_HEADERS[c][0]}" column (accepted: ${CSV_HEADERS[c].join(', ')})`,
      })),
    ])
  }
  if (rows.length === 0) throw invalidUpload([{ path: 'rows', message: 'The file has no rows under its header' }])

  const problems: Problem[] = []
  const resolver = createOilResolver(catalog)
  // With a Version column (Accord's own blends CSV, one row per version), the rows of one blend
  // name (any case) are one blend's versions, in the file's order: each blend's rows, in the order
  // of its first row. Without one, each row is a blend.
  const rowsOfBlend = index.has('version') ? new Map<string, number[]>() : null
  const pause = slices()
  for (let r = 0; r < rows.length; r++) {
    await pause()
    const planned = planRow(rows[r]!, r)
    if (rowsOfBlend) {
      const key = planned.name.trim().toLowerCase()
      const list = rowsOfBlend.get(key)
      if (list) list.push(r)
      else rowsOfBlend.set(key, [r])
    }
  }
  if (problems.length > 0) throw invalidUpload(problems)
  resolver.assertAllKnown()
  const blendRows = rowsOfBlend ? [...rowsOfBlend.values()] : null
  return {
    count: blendRows ? blendRows.length : rows.length,
    async *parts(size) {
      const next = slices()
      const count = blendRows ? blendRows.length : rows.length
      for (let at = 0; at < count; at += size) {
        await next()
        const part: PlanBlend[] = []
        for (let i = at; i < Math.min(count, at + size); i++) part.push(blendRows ? blendOfRows(blendRows[i]!) : planRow(rows[i]!, i))
        yield part
      }
    },
  }

  /** One blend whose versions are these rows, lettered a, b, c… as imports are. */
  function blendOfRows(list: number[]): PlanBlend {
    const planned = list.map((r) => planRow(rows[r]!, r))
    const versions = planned.flatMap((b) => b.versions).map((v, i) => ({ ...v, versionLetter: versionLetterAt(i) }))
    return { ...planned[0]!, versions }
  }

  function planRow(row: string[], r: number): PlanBlend {
    const at = `rows[${r}]`
    const line = `line ${r + 2}`
    const cell = (c: Column) => (index.has(c) ? (row[index.get(c)!] ?? '') : '')
    const fail = (column: Column | null, message: string) =>
      problems.push({ path: column ? `${at}.${column}` : at, message: `${message} (${line})` })
    for (const c of Object.keys(CSV_HEADERS) as Column[]) if (cell(c).includes('\u0000')) fail(c, NUL_MESSAGE)
    const name = cell('name')
    if (!name) fail('name', 'A blend needs a name')
    else if (name.length > 120) fail('name', 'Keep names under 120 characters')
    const notes = cell('notes')
    if (notes.length > MAX_NOTES) fail('notes', `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters`)
    const layer = (oil: Column, percent: Column): VersionOil[] => {
      const oilName = cell(oil)
      const listed = parseOilList(oilName)
      if (listed) {
        return listed.flatMap((o, i) => {
          if (o.percentage === null) {
            fail(oil, 'A percentage is a number from 0 to 100')
            return []
          }
          return resolver.resolve({ name: o.name, percentage: o.percentage }, `${at}.${oil}[${i}]`) ?? []
        })
      }
      const value = parsePercent(cell(percent))
      if (!oilName) fail(oil, 'Name an oil for this layer')
      if (value === null) fail(percent, 'A percentage is a number from 0 to 100')
      if (!oilName || value === null) return []
      const found = resolver.resolve({ name: oilName, percentage: value }, `${at}.${oil}`)
      return found ? [found] : []
    }
    const layers = [layer('top', 'topPercent'), layer('middle', 'middlePercent'), layer('base', 'basePercent')] as const
    const percents = (['topPercent', 'middlePercent', 'basePercent'] as const).map((c) => parsePercent(cell(c)))
    if (percents.every((p) => p !== null) && !isTotalValid(slotTotal(percents.map((percentage) => ({ percentage: percentage! }))))) {
      fail(
        null,
        `The percentages total ${slotTotal(percents.map((percentage) => ({ percentage: percentage! })))}%; they should total 100% (within 0.1)`,
      )
    }
    return {
      source: at,
      sourceId: null,
      name,
      description: null,
      createdAt: now,
      versions: [
        {
          sourceId: null,
          versionLetter: 'a',
          topOils: layers[0],
          middleOils: layers[1],
          baseOils: layers[2],
          effects: [],
          formulationNotes: notes || null,
          testingNotes: null,
          rating: null,
          dateMade: now,
          dateTested: null,
          tested: false,
          ...TRACKING_DEFAULTS,
          createdAt: now,
        },
      ],
      testEntries: [],
      batches: [],
    }
  }
}
