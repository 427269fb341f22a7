import type { ImportCounts } from '#shared/api/export.ts'
import type { Translate } from '#client/features/account/account-catalog.ts'

type Kind = 'blends' | 'versions' | 'testEntries' | 'bottles' | 'batches'

/** '1 blend', '3 test entries', in the shown language. */
export const countOf = (t: Translate, kind: Kind, count: number): string => t(`account.import.count.${kind}`, { count })

/** '2 blends, 3 versions and 1 test entry'; shelf bottles and batches are named only when there are some. */
export function countsText(t: Translate, c: ImportCounts): string {
  const parts = [countOf(t, 'blends', c.blends), countOf(t, 'versions', c.versions), countOf(t, 'testEntries', c.testEntries)]
  if (c.bottles > 0) parts.push(countOf(t, 'bottles', c.bottles))
  if (c.batches > 0) parts.push(countOf(t, 'batches', c.batches))
  return t('account.import.count.list', { items: parts.slice(0, -1).join(', '), last: parts.at(-1) })
}

export const nothingIn = (c: ImportCounts) => c.blends + c.versions + c.testEntries + c.bottles + c.batches === 0

/** '2.4 MB', '830 kB'. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/** The import button: 'Import 3 blends', or the versions or entries when a file adds only those. */
export function importLabel(t: Translate, c: ImportCounts): string {
  const what =
    c.blends > 0
      ? countOf(t, 'blends', c.blends)
      : c.versions > 0
        ? countOf(t, 'versions', c.versions)
        : c.testEntries === 0 && c.bottles > 0
          ? countOf(t, 'bottles', c.bottles)
          : c.testEntries === 0 && c.batches > 0
            ? countOf(t, 'batches', c.batches)
            : countOf(t, 'testEntries', c.testEntries)
  return t('account.import.action', { what })
}
