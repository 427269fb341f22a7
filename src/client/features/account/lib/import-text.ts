import type { ImportCounts } from '#shared/api/export.ts'

/** '1 blend', '3 test entries'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`
}

/** '2 blends, 3 versions and 1 test entry'; shelf bottles and batches are named only when there are some. */
export function countsText(c: ImportCounts): string {
  const parts = [countOf(c.blends, 'blend'), countOf(c.versions, 'version'), countOf(c.testEntries, 'test entry', 'test entries')]
  if (c.bottles > 0) parts.push(countOf(c.bottles, 'shelf bottle'))
  if (c.batches > 0) parts.push(countOf(c.batches, 'batch', 'batches'))
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

export const nothingIn = (c: ImportCounts) => c.blends + c.versions + c.testEntries + c.bottles + c.batches === 0

/** '2.4 MB', '830 kB'. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/** The import button: 'Import 3 blends', or the versions or entries when a file adds only those. */
export function importLabel(c: ImportCounts): string {
  if (c.blends > 0) return `Import ${countOf(c.blends, 'blend')}`
  if (c.versions > 0) return `Import ${countOf(c.versions, 'version')}`
  if (c.testEntries === 0 && c.bottles > 0) return `Import ${countOf(c.bottles, 'shelf bottle')}`
  if (c.testEntries === 0 && c.batches > 0) return `Import ${countOf(c.batches, 'batch', 'batches')}`
  return `Import ${countOf(c.testEntries, 'test entry', 'test entries')}`
}
