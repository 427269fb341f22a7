import { parse } from 'csv-parse/sync'
import type { VersionOil } from '#shared/api/blends.ts'
import { MAX_NOTES } from '#shared/api/fields.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'
import { isTotalValid, slotTotal } from '#shared/domain/percentages.ts'
import { NUL_MESSAGE } from '#server/http/errors.ts'
import { createOilResolver, invalidUpload, type PlanBlend, type Problem } from '#server/your-data/import-plan.ts'

/**
 * A spreadsheet of blends (docs/export-format.md "Spreadsheet import"): one blend per row, one oil
 * per layer. Headers are matched in any case, ignoring spaces, '_' and '-', among the variants
 * below. Each row becomes a new blend with one version; a refusal names the row and column
 * (`rows[3].top`: the fourth row under the header).
 */

type Column = 'name' | 'top' | 'topPercent' | 'middle' | 'middlePercent' | 'base' | 'basePercent' | 'notes'

const layerHeaders = (layer: string, alias?: string) => {
  const names = alias ? [layer, alias] : [layer]
  return {
    oil: names.flatMap((n) => [n, `${n} oil`, `${n} note`, `${n} note oil`]),
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
}
const REQUIRED: Column[] = ['name', 'top', 'topPercent', 'middle', 'middlePercent', 'base', 'basePercent']

const normalizeHeader = (h: string) => h.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s*%\s*/g, ' %').replace(/\s+/g, ' ').trim()
const HEADER_OF = new Map(Object.entries(CSV_HEADERS).flatMap(([column, names]) => names.map((n) => [normalizeHeader(n), column as Column])))

/** '30', '30%', '30,5 %' → a number; anything else → null. */
function parsePercent(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, '').trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  const value = Number(cleaned)
  return value >= 0 && value <= 100 ? value : null
}

export function planFromCsv(text: string, catalog: EssentialOil[], now = new Date().toISOString()): PlanBlend[] {
  let records: string[][]
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][]
  } catch (err) {
    const line = (err as { lines?: number }).lines
    throw invalidUpload([{ path: 'file', message: `The file is not valid CSV${line ? ` (near line ${line})` : ''}: ${(err as Error).message}` }])
  }
  const [header, ...rows] = records
  if (!header) throw invalidUpload([{ path: 'header', message: 'The file is empty: the first line names the columns' }])
  const index = new Map<Column, number>()
  header.forEach((h, i) => {
    const column = HEADER_OF.get(normalizeHeader(h))
    if (column && !index.has(column)) index.set(column, i)
  })
  const missing = REQUIRED.filter((c) => !index.has(c))
  if (missing.length > 0) {
    throw invalidUpload(missing.map((c) => ({ path: `header.${c}`, message: `No "${CSV_HEADERS[c][0]}" column (accepted: ${CSV_HEADERS[c].join(', ')})` })))
  }
  if (rows.length === 0) throw invalidUpload([{ path: 'rows', message: 'The file has no rows under its header' }])

  const problems: Problem[] = []
  const resolver = createOilResolver(catalog)
  const plan = rows.map((row, r): PlanBlend | null => {
    const at = `rows[${r}]`
    const line = `line ${r + 2}`
    const cell = (c: Column) => (index.has(c) ? (row[index.get(c)!] ?? '') : '')
    const fail = (column: Column | null, message: string) => problems.push({ path: column ? `${at}.${column}` : at, message: `${message} (${line})` })
    for (const c of Object.keys(CSV_HEADERS) as Column[]) if (cell(c).includes('\u0000')) fail(c, NUL_MESSAGE)
    const name = cell('name')
    if (!name) fail('name', 'A blend needs a name')
    else if (name.length > 120) fail('name', 'Keep names under 120 characters')
    const notes = cell('notes')
    if (notes.length > MAX_NOTES) fail('notes', `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters`)
    const layer = (oil: Column, percent: Column): VersionOil[] => {
      const oilName = cell(oil)
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
      fail(null, `The percentages total ${slotTotal(percents.map((percentage) => ({ percentage: percentage! })))}%; they should total 100% (within 0.1)`)
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
  })
  if (problems.length > 0) throw invalidUpload(problems)
  resolver.assertAllKnown()
  return plan.filter((b): b is PlanBlend => b !== null)
}
