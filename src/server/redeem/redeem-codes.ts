import type { Db } from '#server/db/db.ts'
import { insertCodes, listClaims, type ClaimExportRow } from '#server/redeem/redeem.repo.ts'
import { normalizeRedemptionCode } from '#shared/domain/redeem.ts'

/**
 * The codes in an import file: one per line, or a CSV whose header has a 'code' column. Blank
 * lines are skipped; codes are trimmed and upper-cased as the server compares them.
 */
export function parseCodesFile(text: string): string[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
  if (lines.length === 0) return []
  const header = splitCsvLine(lines[0]!).map((cell) => cell.trim().toLowerCase())
  const column = header.indexOf('code')
  const rows = column >= 0 ? lines.slice(1).map((line) => splitCsvLine(line)[column] ?? '') : lines
  return rows.map(normalizeRedemptionCode).filter((code) => code !== '')
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      cells.push(cell)
      cell = ''
    } else cell += ch
  }
  cells.push(cell)
  return cells
}

/** Imports the codes of a file's text; duplicates (in the file or already stored) are skipped. */
export async function importCodes(db: Db, text: string): Promise<{ read: number; added: number; skipped: number }> {
  const codes = parseCodesFile(text)
  const { added, skipped } = await insertCodes(db.kysely, codes)
  return { read: codes.length, added, skipped }
}

const CSV_COLUMNS = ['id', 'email', 'marketplace', 'purchase_month', 'verified_by', 'code', 'created_at'] as const

function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  // A cell a spreadsheet would run as a formula is defused with a leading quote.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function claimsToCsv(rows: ClaimExportRow[]): string {
  const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((c) => csvCell(row[c])).join(','))]
  return `${lines.join('\n')}\n`
}

/** All claims as CSV text, oldest first. */
export async function exportClaims(db: Db): Promise<{ csv: string; count: number }> {
  const rows = await listClaims(db.kysely)
  return { csv: claimsToCsv(rows), count: rows.length }
}
