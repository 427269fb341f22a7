import type { ImportCounts } from '#shared/api/export.ts'

/** '1 blend', '3 test entries'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`
}

/** '2 blends, 3 versions and 1 test entry'. */
export function countsText(c: ImportCounts): string {
  return `${countOf(c.blends, 'blend')}, ${countOf(c.versions, 'version')} and ${countOf(c.testEntries, 'test entry', 'test entries')}`
}

export const nothingIn = (c: ImportCounts) => c.blends + c.versions + c.testEntries === 0

/** '2.4 MB', '830 kB'. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/** The import button: 'Import 3 blends', or the versions or entries when a file adds only those. */
export function importLabel(c: ImportCounts): string {
  if (c.blends > 0) return `Import ${countOf(c.blends, 'blend')}`
  if (c.versions > 0) return `Import ${countOf(c.versions, 'version')}`
  return `Import ${countOf(c.testEntries, 'test entry', 'test entries')}`
}
